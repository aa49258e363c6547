import type { IconName } from "./icons";

/** Who a plan is for (docs/product/site.md, plans). */
export type Persona = "manufacturer" | "independent" | "agency";

/** The accent a plan card is drawn in; mapped to design tokens by PlanCard. */
export type PlanColour = "teal" | "blue" | "navy";

export interface PlanCta {
  readonly label: "Start Free Trial" | "Request a Demo";
  readonly href: string;
}

/** A pricing plan (docs/product/site.md). Static marketing data, not an entity anyone edits. */
export interface Plan {
  readonly name: string;
  /** US dollars per month. */
  readonly price: number;
  readonly description: string;
  readonly features: readonly string[];
  readonly cta: PlanCta;
  readonly popular: boolean;
  readonly persona: Persona;
  readonly icon: IconName;
  readonly colour: PlanColour;
  /** The persona page that describes this plan's audience. */
  readonly solutionPath: string;
}

export const SIGNUP_PATH = "/signup";
export const DEMO_PATH = "/contact?subject=demo";

export const START_TRIAL_CTA: PlanCta = { label: "Start Free Trial", href: SIGNUP_PATH };
export const REQUEST_DEMO_CTA: PlanCta = { label: "Request a Demo", href: DEMO_PATH };

export const MANUFACTURERS_REP_PLAN: Plan = {
  name: "Manufacturer's Rep",
  price: 79,
  description:
    "For reps who carry one manufacturer's line and want every order, status and report in one place.",
  features: ["Single line", "Order tracking and history", "Basic reporting", "Mobile app", "Email support"],
  cta: START_TRIAL_CTA,
  popular: false,
  persona: "manufacturer",
  icon: "factory",
  colour: "teal",
  solutionPath: "/solutions/manufacturers-reps",
};

export const INDEPENDENT_REP_PLAN: Plan = {
  name: "Independent Rep",
  price: 149,
  description:
    "For multi-line reps who sell for several principals and need commissions reconciled to the penny.",
  features: [
    "Unlimited lines",
    "Advanced commission tracking",
    "Multi-principal",
    "Custom reporting",
    "Priority support",
    "Reconciliation",
  ],
  cta: START_TRIAL_CTA,
  popular: true,
  persona: "independent",
  icon: "layers",
  colour: "blue",
  solutionPath: "/solutions/independent-reps",
};

export const AGENCY_PLAN: Plan = {
  name: "Agency",
  price: 349,
  description:
    "For agency owners running a team of reps: one view of every rep, line, payout and goal, up to 5 reps included.",
  features: [
    "Multi-rep management",
    "Team performance",
    "Automated payouts",
    "Advanced analytics",
    "Dedicated success manager",
    "Custom integrations",
    "White-label",
  ],
  cta: REQUEST_DEMO_CTA,
  popular: false,
  persona: "agency",
  icon: "users",
  colour: "navy",
  solutionPath: "/solutions/agency-owners",
};

/** The three plans in the order the site shows them. */
export const PLANS: readonly Plan[] = [MANUFACTURERS_REP_PLAN, INDEPENDENT_REP_PLAN, AGENCY_PLAN];
