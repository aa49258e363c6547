/** Illustrative sample data for the Dealer Management page (docs/product/site.md: not real entities). */

export interface DealerContact {
  readonly name: string;
  readonly title: string;
  readonly phone: string;
  readonly email: string;
}

export interface DealerProfileSample {
  readonly name: string;
  readonly tier: string;
  readonly location: string;
  readonly ytdOrders: number;
  readonly totalOrders: number;
  readonly ytdSales: number;
  readonly contacts: readonly DealerContact[];
}

export const SAMPLE_DEALER: DealerProfileSample = {
  name: "Lakeside Hardware Supply",
  tier: "Gold",
  location: "Madison, WI",
  ytdOrders: 41,
  totalOrders: 187,
  ytdSales: 128_400,
  contacts: [
    {
      name: "Karen Whitfield",
      title: "Purchasing Manager",
      phone: "(608) 555-0142",
      email: "karen.whitfield@lakesidehardware.example",
    },
    {
      name: "Marcus Lee",
      title: "Store Owner",
      phone: "(608) 555-0178",
      email: "marcus.lee@lakesidehardware.example",
    },
    {
      name: "Dana Ortiz",
      title: "Accounts Payable",
      phone: "(608) 555-0193",
      email: "ap@lakesidehardware.example",
    },
  ],
};

export interface DealerTier {
  readonly name: string;
  readonly discountPercent: number;
  readonly minimumOrder: number;
  readonly dealers: number;
}

export const DEALER_TIERS: readonly DealerTier[] = [
  { name: "Platinum", discountPercent: 12, minimumOrder: 2_500, dealers: 6 },
  { name: "Gold", discountPercent: 8, minimumOrder: 1_500, dealers: 18 },
  { name: "Silver", discountPercent: 5, minimumOrder: 750, dealers: 34 },
  { name: "Standard", discountPercent: 0, minimumOrder: 250, dealers: 61 },
];

export interface DealerGroup {
  readonly name: string;
  readonly dealers: number;
}

export const DEALER_GROUPS: readonly DealerGroup[] = [
  { name: "Buying co-op: Midwest Hardware Alliance", dealers: 14 },
  { name: "Territory: Southern Wisconsin", dealers: 27 },
  { name: "Spring promotion 2026", dealers: 9 },
];

export type OrderStatus = "Order Confirmed" | "In Production" | "Ready to Ship";

export interface DealerOrder {
  readonly number: string;
  readonly placed: string;
  readonly vendor: string;
  readonly total: number;
  readonly status: OrderStatus;
}

export const DEALER_ORDER_HISTORY: readonly DealerOrder[] = [
  {
    number: "SO-10482",
    placed: "Sep 18",
    vendor: "Northwind Tools",
    total: 4_860,
    status: "Order Confirmed",
  },
  { number: "SO-10457", placed: "Sep 9", vendor: "Harbor Fasteners", total: 2_315, status: "In Production" },
  { number: "SO-10421", placed: "Aug 27", vendor: "Northwind Tools", total: 6_120, status: "Ready to Ship" },
  { number: "SO-10398", placed: "Aug 14", vendor: "Summit Paint Co.", total: 3_740, status: "Ready to Ship" },
];
