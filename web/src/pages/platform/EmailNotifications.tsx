import { FeaturePage, featureIsland } from "../../components/marketing/FeaturePage";
import type { PageMeta } from "../../seo/meta";
import { EmailPreview } from "./email-notifications/EmailPreview";

export const meta: PageMeta = {
  title: "Email Notifications for Orders and Backorders",
  description:
    "Confirmation emails with deep links, notification preferences for dealers, vendors, sales reps and administrators, and restock alerts for backorders.",
};

function ConfirmationEmail() {
  return (
    <EmailPreview
      title="Inbox · order confirmation"
      from="Whitfield Sales via RepDesk"
      to="tom@lakesidehw.example"
      subject="Order SO-24817 confirmed — 14 lines from 3 vendors"
      action="View order SO-24817"
      destination="Opens the order's live status — no searching"
    >
      <p>Hi Tom, thanks for your order. Here is what happens next:</p>
      <ul>
        <li>Northgate Tools: 6 lines, ships by March 12</li>
        <li>Brightline: 5 lines, ships by March 18</li>
        <li>Harbor Supply: 3 lines, 1 on backorder until April 2</li>
      </ul>
    </EmailPreview>
  );
}

const BELOW_THE_FOLD = featureIsland(
  "email-notifications",
  () => import("./email-notifications/BelowTheFold"),
);

export default function EmailNotifications() {
  return (
    <FeaturePage
      title="The right email to the right person, every time an order moves"
      lead="Confirmations with deep links, restock alerts for backorders and approval requests go out automatically — and dealers, vendors, reps and administrators each choose what lands in their inbox."
      visual={<ConfirmationEmail />}
      belowTheFold={BELOW_THE_FOLD}
    />
  );
}
