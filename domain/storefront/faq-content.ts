/**
 * The FAQ page's text (five categories, plus the measurement guide, shipping information and
 * privacy policy the footer links to). Every number comes from the business facts.
 */
import type { PublicBusinessFacts } from "../shared/business";
import { fitPromise } from "./fit-promise";
import { infoFacts, type Question } from "./info-facts";
import type { InstallationTier } from "./pricing";

export interface FaqCategory {
  id: string;
  title: string;
  questions: Question[];
}

export function faqCategories(
  b: PublicBusinessFacts,
  tiers: readonly InstallationTier[],
): FaqCategory[] {
  const f = infoFacts(b, tiers);
  const w = b.warranty;
  const r = b.returns;
  const promise = fitPromise(b);
  return [
    {
      id: "ordering",
      title: "Ordering & Pricing",
      questions: [
        {
          question: "How is the price of a custom blind calculated?",
          answer: `Each product has a price per square foot and a minimum price. We multiply your width by your height (in inches, including eighths) and divide by 144 to get square feet; the price is the larger of the area price and the minimum. The price you see while you configure is the price in your cart.`,
        },
        {
          question: "Do I pay online?",
          answer: `No. You place the order online without paying anything. We call you within ${b.contactReplyHours} hours to confirm the details, and payment is collected at installation or delivery.`,
        },
        {
          question: "Is there a discount for several windows?",
          answer: `Yes. When your cart holds more than one blind or shade in total, a ${f.multipleDiscount} multiple-blind discount comes off the subtotal automatically.`,
        },
        {
          question: "Is sales tax included?",
          answer: `Sales tax of ${f.tax} is added to the discounted subtotal at checkout${f.surtax ? ` (Florida's ${f.stateTax} plus Lee County's ${f.surtax} surtax, which applies only to the first ${f.surtaxCap} of each item)` : ""}; the order summary shows it on its own line before you place the order.`,
        },
        {
          question: "Can I change or cancel an order?",
          answer: `Yes, free of charge, until your order goes into production: call ${b.phone} or email ${b.email}. Installation appointments can be moved or cancelled up to ${r.installationCancelHours} hours before the visit.`,
        },
      ],
    },
    {
      id: "installation",
      title: "Measuring & Installation",
      questions: [
        {
          question: "Do you install?",
          answer: `Yes. Professional installation is optional on every item: ${f.installSmall} per window up to 60 inches wide, ${f.installMedium} from 60 to 96 inches, and ${f.installLarge} above 96 inches. Our installers verify your measurements on site before we build.`,
        },
        {
          question: "How long does installation take?",
          answer: `Most homes take ${b.installationHours} hours. We agree a time window with you by phone, and the installer tests every blind and shows you how it works before leaving.`,
        },
        {
          question: "Which areas do you serve?",
          answer: `All of ${b.county}: ${f.cities}. Installation addresses must be inside Lee County.`,
        },
        {
          question: "What sizes can you make?",
          answer: `Vertical blinds, shutters, fabric and aluminum blinds: ${f.productWidth} inches wide and ${f.productHeight} inches high. Zebra shades: ${f.zebraWidth} inches wide and ${f.zebraHeight} inches high. Every size can be given to the nearest eighth of an inch.`,
        },
        {
          question: "What if I measured wrong?",
          answer: `${promise.weMeasure.text} ${promise.youMeasure.text} Call us before ordering if anything is unclear.`,
        },
      ],
    },
    {
      id: "products",
      title: "Products & Care",
      questions: [
        {
          question: "Which product suits a sliding glass door?",
          answer:
            "Vertical blinds (vinyl or fabric) and bypass plantation shutters are made for wide openings and sliding doors. Vinyl is the easiest to wipe clean and handles humidity well; bypass shutters slide past each other on a top track.",
        },
        {
          question: "What are zebra shades?",
          answer:
            "Zebra shades alternate sheer and solid fabric bands. Raising or lowering them lines the bands up for a view through the sheers or for privacy. You choose the fabric, the mount, cordless, a cord loop with a wall tension device or motorized control, and optional extras.",
        },
        {
          question: "Can I see colors before ordering?",
          answer: `The product pages show every color as a live preview at your proportions. For a physical sample or advice, call ${b.phone}.`,
        },
        {
          question: "How do I clean my blinds?",
          answer:
            "Dust weekly with a soft cloth or a vacuum brush, and wipe vinyl or aluminum monthly with mild soapy water. Our maintenance tips page has a full weekly, monthly, quarterly and annual routine.",
        },
      ],
    },
    {
      id: "shipping-delivery",
      title: "Shipping & Delivery",
      questions: [
        {
          question: "How much is shipping?",
          answer: `Shipping is free in Lee County when your discounted subtotal is over ${f.freeShippingOver}; otherwise it is a flat ${f.shipping} per order.`,
        },
        {
          question: "How long until my blinds arrive?",
          answer: `Everything we sell is made to your measurements, in ${b.delivery.customDays} days from the confirmed order. We call you to schedule delivery or installation.`,
        },
        {
          question: "What if something arrives damaged?",
          answer: `Report it within ${r.damageReportHours} hours of delivery, with a photo if you can, and we replace it at no cost.`,
        },
      ],
    },
    {
      id: "warranty-returns",
      title: "Warranty & Returns",
      questions: [
        {
          question: "What warranty do I get?",
          answer: `Every product carries a ${w.materialsAndWorkmanshipYears}-year warranty on materials and workmanship. Vinyl blinds have a ${w.vinylYears}-year limited warranty and plantation shutters a ${w.shuttersYears}-year limited warranty. Our installation labor is guaranteed for ${w.installationLabourYears} years.`,
        },
        {
          question: "Can I return an item?",
          answer: `Yes, within ${r.days} days of delivery for items that are defective, damaged or not made to your order. Refunds are issued within ${r.refundBusinessDays} business days of approval (card refunds can take ${r.cardExtraBusinessDays} more business days to appear). See the returns page for details.`,
        },
        {
          question: "How do I make a warranty claim?",
          answer: `Call ${b.phone} or email ${b.email} with your order reference and a photo of the problem. The warranty page explains the four steps.`,
        },
      ],
    },
  ];
}

export interface MeasurementStep {
  title: string;
  text: string;
}

export function measurementGuide(
  b: PublicBusinessFacts,
  tiers: readonly InstallationTier[],
): MeasurementStep[] {
  const f = infoFacts(b, tiers);
  return [
    {
      title: "Choose inside or outside mount",
      text: "Inside mount sits within the window frame for a clean look and needs at least a shallow frame depth. Outside mount covers the frame from the wall above it and suits shallow frames or blocking more light.",
    },
    {
      title: "Use a steel tape measure",
      text: "Measure to the nearest 1/8 inch and write sizes as width × height. Always give the width first.",
    },
    {
      title: "Measure the width in three places",
      text: "Measure across the top, the middle and the bottom. For an inside mount use the narrowest of the three; we make the small deduction for clearance. For an outside mount add the overlap you want on each side (about 1.5 to 3 inches).",
    },
    {
      title: "Measure the height in three places",
      text: "Measure at the left, the center and the right. For an inside mount use the longest; for an outside mount measure from where the headrail will sit to where the blind should end.",
    },
    {
      title: "Check the size limits",
      text: `Vertical blinds, shutters, fabric and aluminum blinds are made ${f.productWidth} inches wide and ${f.productHeight} inches high; zebra shades ${f.zebraWidth} by ${f.zebraHeight} inches.`,
    },
    {
      title: "Or let us measure",
      text: `Add professional installation and our installer verifies every measurement on site before we build. Questions? Call ${b.phone}.`,
    },
  ];
}

export function shippingInfo(b: PublicBusinessFacts, tiers: readonly InstallationTier[]): string[] {
  const f = infoFacts(b, tiers);
  return [
    `We deliver and install across ${b.county}.`,
    `Free shipping when your discounted subtotal is over ${f.freeShippingOver}; otherwise a flat ${f.shipping} per order.`,
    `Everything is made to your measurements and ready ${b.delivery.customDays} days from the confirmed order.`,
    `We call you within ${b.contactReplyHours} hours of your order to confirm the details and schedule delivery or installation.`,
    `Check your delivery and report any damage within ${b.returns.damageReportHours} hours; we replace damaged items at no cost.`,
  ];
}

export interface PrivacyRecord {
  what: string;
  why: string;
  kept: string;
}

/** What personal data the store keeps, why and for how long (docs/decisions/043). */
export function privacyRecords(b: PublicBusinessFacts): PrivacyRecord[] {
  return [
    {
      what: "Orders: your name, email, phone, installation address, special instructions and the items you chose",
      why: "To confirm, measure, make, deliver and install your order, and to honour its warranty",
      kept: `For as long as the warranty on the items runs (up to ${b.warranty.shuttersYears} years for shutters), then deleted`,
    },
    {
      what: "Reviews: your name, email, location, product, rating and text",
      why: "To check that reviews come from customers and to publish them. Only your name, location, product, rating and text are ever shown; your email never is",
      kept: "Published reviews until you ask us to remove them; reviews we do not publish are deleted within 12 months",
    },
    {
      what: "Contact messages: your name, email, phone, subject and message",
      why: "To answer you in the way you asked",
      kept: "2 years after our last reply, then deleted",
    },
    {
      what: "Free sample requests: your name, email, mailing address and the samples you chose",
      why: "To mail you the samples",
      kept: "12 months after we mailed them, then deleted",
    },
    {
      what: "Free in-home estimate requests: your name, email, phone, address, message and the photos of your windows",
      why: "To prepare and book the estimate; photos are stripped of location data and seen only by our staff",
      kept: "2 years after we handled the request, then deleted with the photos",
    },
    {
      what: "Your cart: an anonymous random identifier in a cookie and the items you added",
      why: "To keep your cart between visits; it identifies no person",
      kept: "Until you place the order or clear the cart; unused carts are deleted after 90 days",
    },
    {
      what: "Copies of the emails we send you (order confirmation, status updates, replies)",
      why: "To resend them if they did not arrive",
      kept: "90 days after sending, then deleted",
    },
    {
      what: "Technical logs: the pages requested, with your IP address",
      why: "To keep the store secure and to limit abuse such as spam",
      kept: "30 days",
    },
  ];
}
