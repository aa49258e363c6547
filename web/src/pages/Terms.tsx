import { BUSINESS_HOURS } from "../components/layout/businessHours";
import { COMPANY_NAME, LEGAL_CONTACT, TERMS_LAST_UPDATED } from "../content/legal";
import { Link } from "../routing/router";
import type { PageMeta } from "../seo/meta";
import { LegalDocument, type LegalSection } from "./legal/LegalDocument";

export const meta: PageMeta = {
  title: "Terms of Service",
  description:
    "The terms for using RepDesk: subscriptions and the 14-day free trial, fees and price changes, uptime, your data and export, acceptable use, liability and termination.",
};

const SUPPORT_HOURS = BUSINESS_HOURS.map((row) => `${row.days}: ${row.hours}`).join("; ");

const SECTIONS: readonly LegalSection[] = [
  {
    id: "agreement",
    heading: "Agreement to these terms",
    body: (
      <>
        <p>
          These Terms of Service ("Terms") are an agreement between {COMPANY_NAME} ("RepDesk", "we", "us") and
          the business or person that creates a RepDesk account ("you"). They cover the RepDesk website, the
          RepDesk order-management platform, its mobile experience and any related support (together, the
          "Service").
        </p>
        <p>
          By starting a free trial, subscribing or using the Service you accept these Terms. If you accept
          them on behalf of an agency or company, you confirm that you have authority to bind it. If you do
          not agree, do not use the Service.
        </p>
      </>
    ),
  },
  {
    id: "service",
    heading: "The Service and your account",
    body: (
      <>
        <p>
          RepDesk helps manufacturer's representatives, independent reps and agencies manage orders,
          commissions, dealers, vendors, products, invoices and reports. We may improve, add or retire
          features over time; we will not remove a core capability of your plan during a paid billing period
          without telling you first.
        </p>
        <ul>
          <li>Each person who uses the Service needs their own login. Do not share credentials.</li>
          <li>
            You are responsible for the activity in your account and for keeping passwords secure. Tell us at
            once if you suspect unauthorised access.
          </li>
          <li>
            The information you give us when you sign up must be accurate, and you must keep it current.
          </li>
          <li>You must be at least 18 years old and using the Service for business purposes.</li>
        </ul>
      </>
    ),
  },
  {
    id: "trial-and-subscriptions",
    heading: "Free trial and subscriptions",
    body: (
      <>
        <p>
          Every plan starts with a 14-day free trial. The trial needs no credit card and has no setup fees,
          and it includes the full features of the plan you choose, along with free implementation support. We
          will never charge you for a trial.
        </p>
        <p>
          When the trial ends, your account is paused until you choose a paid plan. We keep trial data for 30
          days after the trial ends so that you can subscribe and carry on where you left off, or export it;
          after that it is deleted.
        </p>
        <p>
          Paid subscriptions run month to month and renew automatically until cancelled. Agencies with 20 or
          more reps may sign an order form with custom enterprise pricing and terms; where an order form and
          these Terms differ, the order form applies.
        </p>
      </>
    ),
  },
  {
    id: "fees",
    heading: "Fees, billing and taxes",
    body: (
      <>
        <p>
          Fees are the prices published on our <Link to="/pricing">pricing page</Link> at the time you
          subscribe: $79 per month for the Manufacturer's Rep plan, $149 per month for the Independent Rep
          plan, and from $349 per month for the Agency plan, which includes up to 5 reps and then scales with
          volume discounts. There are no setup fees.
        </p>
        <ul>
          <li>Fees are billed monthly in advance, in US dollars, to the payment method on file.</li>
          <li>
            Upgrades take effect immediately and are charged pro rata for the rest of the billing period.
            Downgrades take effect at the start of your next billing period.
          </li>
          <li>
            Fees exclude sales, use, value-added and similar taxes, which we add where the law requires us to
            collect them.
          </li>
          <li>
            If a payment fails, we will tell you and retry. If it is still unpaid 14 days later, we may
            suspend the account until it is settled. Suspension does not delete your data.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "price-changes",
    heading: "Price changes",
    body: (
      <p>
        We may change our prices. We will give you at least 30 days' notice by email to the account owner
        before a new price applies, and it takes effect from your first billing period after that notice. If
        you do not want to continue at the new price, you can cancel before it takes effect and you will not
        be charged it.
      </p>
    ),
  },
  {
    id: "availability",
    heading: "Availability and support",
    body: (
      <>
        <p>
          We target 99.9% uptime for the Service in each calendar month. The target excludes scheduled
          maintenance that we announce at least 48 hours in advance, and interruptions caused by events beyond
          our reasonable control or by services we do not operate, such as your internet provider or a
          third-party integration.
        </p>
        <p>
          Support is available by email and phone during our business hours ({SUPPORT_HOURS}). Independent Rep
          plans receive priority support, and Agency plans a dedicated success manager.
        </p>
      </>
    ),
  },
  {
    id: "customer-data",
    heading: "Your data",
    body: (
      <>
        <p>
          You own the orders, commissions, dealer, vendor, product, invoice and other records you put into
          RepDesk ("Customer Data"). You give us permission to host, copy, process and display Customer Data
          only as needed to provide, secure and support the Service for you. We do not sell Customer Data and
          we do not use it to advertise to you or to anyone else.
        </p>
        <p>
          You can export your data as PDF, Excel or CSV at any time, including after you decide to cancel.
          Commission figures and reports are calculated from the data you and your principals provide, so
          please check them against your vendors' statements before relying on them for payments or taxes.
        </p>
        <p>
          How we handle personal information is described in our <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    heading: "Acceptable use",
    body: (
      <>
        <p>You agree not to, and not to let anyone else:</p>
        <ul>
          <li>use the Service for anything unlawful, fraudulent or that infringes someone else's rights;</li>
          <li>
            send unsolicited bulk email or messages through the Service's notifications, or email people who
            have not agreed to hear from you;
          </li>
          <li>upload malware or content you have no right to share;</li>
          <li>
            probe, scan or test the Service's security, or get around its access controls, without our written
            permission;
          </li>
          <li>
            place an unreasonable load on the Service, or scrape it by automated means outside our APIs;
          </li>
          <li>
            copy, resell or reverse engineer the Service, except as the Agency plan's white-label option or an
            order form expressly allows.
          </li>
        </ul>
        <p>
          If an account breaks these rules we may suspend the affected users or features. Where we can, we
          will tell you first and give you a chance to fix the problem.
        </p>
      </>
    ),
  },
  {
    id: "third-parties",
    heading: "Integrations and third-party services",
    body: (
      <p>
        RepDesk connects with more than 50 integrations, such as accounting packages, email and spreadsheets.
        When you turn one on, you let us exchange the data it needs with that provider. The provider's own
        terms govern its service, and we are not responsible for how it operates or for changes it makes to
        its interface.
      </p>
    ),
  },
  {
    id: "intellectual-property",
    heading: "Our intellectual property",
    body: (
      <p>
        RepDesk, its software, design and content belong to us and our licensors. While your subscription is
        active, we grant you a non-exclusive, non-transferable right to use the Service for your business
        under these Terms. If you send us suggestions or feedback, we may use them without obligation to you.
      </p>
    ),
  },
  {
    id: "disclaimers",
    heading: "Disclaimers",
    body: (
      <p>
        Apart from the commitments in these Terms, the Service is provided "as is" and "as available". To the
        extent the law allows, we disclaim implied warranties of merchantability, fitness for a particular
        purpose and non-infringement. RepDesk is a business tool, not legal, tax or accounting advice.
      </p>
    ),
  },
  {
    id: "liability",
    heading: "Limitation of liability",
    body: (
      <>
        <p>
          To the extent the law allows, each party's total liability arising out of or relating to these Terms
          or the Service is limited to the fees you paid to RepDesk in the 12 months before the event that
          gave rise to the claim.
        </p>
        <p>
          Neither party is liable for indirect, incidental, special or consequential damages, or for lost
          profits, revenue or commissions, even if it was told they were possible. These limits do not apply
          to your payment obligations, to a party's fraud or wilful misconduct, or to any liability that
          cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: "termination",
    heading: "Cancellation and termination",
    body: (
      <>
        <p>
          You can cancel at any time from your account settings. Cancellation takes effect at the end of the
          current billing period, and you keep access until then. We do not refund partial months unless the
          law requires it.
        </p>
        <p>
          We may end these Terms if you materially breach them and do not fix the breach within 30 days of our
          notice, or at once if the breach is a serious misuse of the Service. If we end the Service for
          reasons other than your breach, we will refund any fees paid for the period after it ends.
        </p>
        <p>
          After your account ends, you have 30 days to export your data. We then delete Customer Data from the
          live Service, and from our backups within a further 90 days, except for records such as invoices
          that the law requires us to keep.
        </p>
      </>
    ),
  },
  {
    id: "governing-law",
    heading: "Governing law and disputes",
    body: (
      <p>
        These Terms are governed by the laws of the State of Texas, United States, without regard to its
        conflict-of-laws rules. The state and federal courts located in Dallas County, Texas have exclusive
        jurisdiction over any dispute arising from them, and both parties consent to that jurisdiction. Before
        going to court, we both agree to try to resolve a dispute informally for 30 days, starting when one of
        us gives the other written notice of it.
      </p>
    ),
  },
  {
    id: "changes",
    heading: "Changes to these terms",
    body: (
      <p>
        We may update these Terms as the Service and the law change. We will post the new version on this page
        with a new "last updated" date, and for material changes we will email the account owner at least 30
        days before they take effect. If you keep using the Service after that date, the updated Terms apply;
        if you do not agree, you can cancel before then.
      </p>
    ),
  },
];

export default function Terms() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated={TERMS_LAST_UPDATED}
      intro={
        <p>
          Plain-language terms for a tool reps rely on every day. Please read them before you start your
          trial: they explain what you can expect from us and what we ask of you.
        </p>
      }
      sections={SECTIONS}
      contact={LEGAL_CONTACT}
      contactIntro="Questions about these Terms, notices under them or a request about your account can go to our legal team:"
    />
  );
}
