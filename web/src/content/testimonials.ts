export interface Testimonial {
  readonly quote: string;
  readonly name: string;
  readonly role: string;
  readonly company: string;
}

/** Customer quotes used on the home and persona pages (illustrative marketing copy). */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      "I used to spend every Friday afternoon chasing order confirmations. Now my dealers get a confirmation email the moment I submit, and I can see every backorder from my phone.",
    name: "Dana Whitfield",
    role: "Manufacturer's Representative",
    company: "Whitfield Sales, Ohio",
  },
  {
    quote:
      "I carry eleven lines. RepDesk matched three commission statements to my orders in the first week and found $1,840 one principal had short-paid me.",
    name: "Marcus Ortega",
    role: "Independent Multi-Line Rep",
    company: "Ortega & Associates, Texas",
  },
  {
    quote:
      "With fourteen reps across four states, I finally have one screen that shows who is on track, who needs support, and what every principal owes us.",
    name: "Priya Raman",
    role: "Agency Owner",
    company: "Summit Rep Group, Colorado",
  },
];

export const [MANUFACTURER_TESTIMONIAL, INDEPENDENT_TESTIMONIAL, AGENCY_TESTIMONIAL] = TESTIMONIALS as [
  Testimonial,
  Testimonial,
  Testimonial,
];
