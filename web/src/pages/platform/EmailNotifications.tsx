import { PageHero } from "../../components/marketing/PageHero";
import { useFeatureView } from "../../components/marketing/useFeatureView";
import { Island, island } from "../../routing/deferred";
import type { PageMeta } from "../../seo/meta";
import { EmailPreview } from "./email-notifications/EmailPreview";

const PAGE = "Email Notifications";

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

/** Everything below the hero: prerendered in full, its code loaded and hydrated near the viewport. */
const BELOW_THE_FOLD = island(
  "email-notifications-below-the-fold",
  () => import("./email-notifications/BelowTheFold"),
);

export default function EmailNotifications() {
  useFeatureView(PAGE);
  return (
    <>
      <PageHero
        eyebrow={PAGE}
        title="The right email to the right person, every time an order moves"
        lead="Confirmations with deep links, restock alerts for backorders and approval requests go out automatically — and dealers, vendors, reps and administrators each choose what lands in their inbox."
        source={PAGE}
        visual={<ConfirmationEmail />}
      />
      <Island of={BELOW_THE_FOLD} props={{}} />
    </>
  );
}
