/** The maintenance-tips page: weekly, monthly, quarterly and annual care. */
import type { PublicBusinessFacts } from "../shared/business";

export interface CareRoutine {
  id: string;
  frequency: string;
  title: string;
  minutes: string;
  steps: string[];
  tips: string[];
}

export function careRoutines(b: PublicBusinessFacts): CareRoutine[] {
  return [
    {
      id: "weekly",
      frequency: "Weekly",
      title: "Light cleaning",
      minutes: "5 minutes per window",
      steps: [
        "Close vertical blinds or tilt shutter louvers flat so the surfaces face you.",
        "Dust from top to bottom with a microfiber cloth or a duster, one vane or louver at a time.",
        "Turn the vanes or louvers the other way and dust the back.",
        "Wipe the headrail and the window sill, where dust collects first.",
      ],
      tips: [
        "Work from the top down so dust falls onto surfaces you have not cleaned yet.",
        "Near the coast, salt air leaves a film: a slightly damp cloth picks it up better than a dry one.",
      ],
    },
    {
      id: "monthly",
      frequency: "Monthly",
      title: "Deep cleaning",
      minutes: "15 minutes per window",
      steps: [
        "Vacuum fabric vanes and zebra shades with a soft brush attachment on low suction.",
        "Wipe vinyl vanes, aluminum slats and shutters with a cloth dampened in warm water and a drop of mild dish soap.",
        "Dry each piece with a clean cloth straight away so no water marks or spots remain.",
        "Spot-clean fabric stains by blotting with a damp cloth; never rub or soak fabric.",
      ],
      tips: [
        "Never use bleach, ammonia, abrasive pads or solvent cleaners: they dull finishes and weaken fabric.",
        "Keep shutters and vinyl away from steam cleaners; heat can warp them.",
        "Lower zebra shades fully before cleaning so the whole fabric is reachable.",
      ],
    },
    {
      id: "quarterly",
      frequency: "Quarterly",
      title: "Mechanism check",
      minutes: "10 minutes per window",
      steps: [
        "Run every blind through its full travel: open, close, raise, lower and tilt.",
        "Listen and feel for catching or grinding in the track or headrail.",
        "Check cords and chains for fraying and make sure cord cleats and tension devices are firmly fixed.",
        "Tighten any loose shutter hinge screws and check that the magnets or catches hold the panels closed.",
        "Recharge or replace batteries in motorized shades when they slow down.",
      ],
      tips: [
        "A dry silicone spray on vertical blind tracks keeps carriers gliding; never use oil, which collects dust.",
        "Secure cords out of reach of children and pets; this is the most important safety check of all.",
      ],
    },
    {
      id: "annual",
      frequency: "Annual",
      title: "Professional service",
      minutes: "About an hour for a typical home",
      steps: [
        `Book a service visit: call ${b.phone} or send a message from the contact page.`,
        "Our technician checks tracks, carriers, tilt mechanisms, hinges and motors.",
        "Worn carriers, stems, cords or vanes are replaced and louvers re-tensioned.",
        "You get a short report of what was done and anything to watch.",
      ],
      tips: [
        "Blinds we installed come with lifetime support for adjustments; parts outside the warranty are quoted before any work.",
        "Before hurricane season, raise or open window coverings so storm shutters and windows can be closed and checked quickly.",
      ],
    },
  ];
}

export interface CommonIssue {
  problem: string;
  fix: string;
}

export function commonIssues(b: PublicBusinessFacts): CommonIssue[] {
  return [
    {
      problem: "Vertical vanes do not turn together",
      fix: "A carrier has slipped out of step. Turn the vanes fully one way, then fully the other, to resynchronize them. If one still lags, its carrier may be broken.",
    },
    {
      problem: "A vane keeps falling off",
      fix: "Check the plastic stem clip: push the vane firmly into it until it clicks. A cracked stem needs replacing.",
    },
    {
      problem: "Shutter louvers will not stay open",
      fix: "The louver tension screws on the side of the panel have loosened. Tighten them a quarter turn at a time.",
    },
    {
      problem: "Zebra shade hangs crooked",
      fix: "Lower the shade fully and raise it again to re-roll it evenly. If it still drifts, the fabric needs re-squaring on the roller.",
    },
    {
      problem: "Motorized shade does not respond",
      fix: "Charge or replace the battery, then re-pair the remote following the motor's instructions.",
    },
    {
      problem: "Blind drags along the track",
      fix: `Clean the track and apply dry silicone spray. If it still catches, call ${b.phone}: a worn track can be replaced.`,
    },
  ];
}
