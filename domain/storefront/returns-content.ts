/** The returns page: 4-step process, what can and cannot be returned, reasons, questions. */
import type { PublicBusinessFacts } from "../shared/business";
import type { Question } from "./info-facts";

export function returnSteps(b: PublicBusinessFacts): { title: string; text: string }[] {
  const r = b.returns;
  return [
    {
      title: "Contact us",
      text: `Within ${r.days} days of delivery, call ${b.phone} or email ${b.email} with your order reference and what is wrong. Damage from shipping must be reported within ${r.damageReportHours} hours.`,
    },
    {
      title: "Send photos",
      text: "A photo of the item and its label (or of the damage) lets us decide quickly, often the same day.",
    },
    {
      title: "We collect or inspect",
      text: `We agree a time to collect the item or inspect it at your home anywhere in ${b.county}. You never pay return shipping for an item that was our mistake.`,
    },
    {
      title: "Refund or remake",
      text: `Once approved, we remake the item or refund you within ${r.refundBusinessDays} business days. Card refunds can take ${r.cardExtraBusinessDays} more business days to appear on your statement.`,
    },
  ];
}

export const RETURNABLE = [
  "Items that arrive damaged (reported within the damage window)",
  "Items with a manufacturing defect",
  "Items made to a different size, color or fabric than your order says",
  "Parts and accessories in their unopened packaging",
  "Items whose size we measured on site and got wrong",
] as const;

export const NOT_RETURNABLE = [
  "Custom-made items made exactly to the size and color you ordered, once production has started",
  "Items cut down, altered or repaired by someone other than us",
  "Items damaged after delivery by misuse, pets, water or improper cleaning",
  "Items installed by others and damaged during that installation",
] as const;

export interface ReturnReason {
  reason: string;
  resolution: string;
  cost: string;
}

export function returnReasons(b: PublicBusinessFacts): ReturnReason[] {
  return [
    {
      reason: "Damaged in delivery",
      resolution: `Replacement, when reported within ${b.returns.damageReportHours} hours`,
      cost: "Free",
    },
    { reason: "Manufacturing defect", resolution: "Repair, replacement or refund", cost: "Free" },
    {
      reason: "Wrong size, color or fabric made by us",
      resolution: "Remade to your order",
      cost: "Free",
    },
    {
      reason: "Measured by our installer and wrong",
      resolution: "Remade to the corrected size",
      cost: "Free",
    },
    {
      reason: "Measured by you and wrong",
      resolution: "We can remake it to the new size",
      cost: "Quoted before we start",
    },
    {
      reason: "Changed your mind",
      resolution: "Cancel free of charge before production starts",
      cost: "Free before production; not returnable after",
    },
  ];
}

export function returnQuestions(b: PublicBusinessFacts): Question[] {
  const r = b.returns;
  return [
    {
      question: "When does the return period start?",
      answer: `On the day the item is delivered or installed. You have ${r.days} days from then.`,
    },
    {
      question: "Can I cancel my installation appointment?",
      answer: `Yes, free of charge up to ${r.installationCancelHours} hours before the appointment. Call ${b.phone} to move or cancel it.`,
    },
    {
      question: "How will I get my money back?",
      answer: `The same way you paid, within ${r.refundBusinessDays} business days of approving the return; banks can take ${r.cardExtraBusinessDays} more business days for card refunds.`,
    },
    {
      question: "Do I need the original packaging?",
      answer:
        "Only for unopened parts and accessories. For custom items, we collect them as they are.",
    },
  ];
}
