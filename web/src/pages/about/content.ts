import type { IconName } from "../../content/icons";

export interface Milestone {
  readonly year: string;
  readonly text: string;
}

/** The company's story in dates (marketing copy; docs/product/site.md: founded 2020, 5,000+ users, 50+ integrations). */
export const MILESTONES: readonly Milestone[] = [
  {
    year: "2020",
    text: "RepDesk is founded in Dallas by a multi-line rep and an engineer, and the first 40 reps move their orders off spreadsheets.",
  },
  {
    year: "2021",
    text: "Automated commission reconciliation launches: vendor statements are matched to tracked orders line by line.",
  },
  {
    year: "2022",
    text: "The Agency plan arrives with multi-rep management, role-based access and automated payouts.",
  },
  {
    year: "2023",
    text: "More than 5,000 users, over $2B in sales managed and 50+ integrations with the tools reps already use.",
  },
];

export interface Value {
  readonly title: string;
  readonly text: string;
  readonly icon: IconName;
}

export const VALUES: readonly Value[] = [
  {
    title: "Reps first",
    text: "Every feature starts with a ride-along or a call with a working rep. If it doesn't save time at a dealer's counter or on a Friday afternoon, we don't ship it.",
    icon: "target",
  },
  {
    title: "Your data is yours",
    text: "Export orders, commissions and reports as PDF, Excel or CSV whenever you like. We never sell your data, and leaving is as easy as joining.",
    icon: "download",
  },
  {
    title: "Honest pricing",
    text: "Published prices, a 14-day trial with no credit card and no setup fees, and at least 30 days' notice before any price change.",
    icon: "dollar",
  },
  {
    title: "Always there",
    text: "A 99.9% uptime target, and a support team of real people who know the rep business, six days a week.",
    icon: "shield",
  },
];

export interface TeamMember {
  readonly name: string;
  readonly initials: string;
  readonly role: string;
  readonly bio: string;
}

/** Illustrative team (marketing copy). Avatars are initials drawn in CSS, no images. */
export const TEAM: readonly TeamMember[] = [
  {
    name: "Karen Doyle",
    initials: "KD",
    role: "Co-founder & CEO",
    bio: "Sold for nine principals across the Midwest for 14 years before deciding commission statements deserved better than a spreadsheet.",
  },
  {
    name: "Raj Patel",
    initials: "RP",
    role: "Co-founder & CTO",
    bio: "Built order systems for a national distributor. Keeps RepDesk fast on a phone with one bar of signal.",
  },
  {
    name: "Luis Romero",
    initials: "LR",
    role: "VP, Customer Success",
    bio: "Leads the team that gets every new customer set up in about 30 minutes, free of charge.",
  },
  {
    name: "Megan O'Hara",
    initials: "MO",
    role: "Head of Product",
    bio: "Former agency operations manager who has run payouts for a team of 22 reps by hand — and never wants anyone to again.",
  },
  {
    name: "Tom Becker",
    initials: "TB",
    role: "Director, Rep Partnerships",
    bio: "Ran his own rep agency in the building-products space and works with trade associations across the country.",
  },
  {
    name: "Alicia Chen",
    initials: "AC",
    role: "Lead Engineer, Commissions",
    bio: "Owns the reconciliation engine that matches vendor statements to orders and flags short payments.",
  },
];
