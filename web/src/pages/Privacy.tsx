import { COMPANY_NAME, PRIVACY_CONTACT } from "../content/legal";
import { Link } from "../routing/router";
import type { PageMeta } from "../seo/meta";
import { LegalDocument, type LegalSection } from "./legal/LegalDocument";

export const meta: PageMeta = {
  title: "Privacy Policy",
  description:
    "What RepDesk collects through its forms and service, how we use analytics and email, who processes data for us, how long we keep it, and your privacy rights.",
};

const SECTIONS: readonly LegalSection[] = [
  {
    id: "scope",
    heading: "Who we are and what this policy covers",
    body: (
      <p>
        {COMPANY_NAME} ("RepDesk", "we", "us") runs this website and the RepDesk order-management platform for
        manufacturer's reps, independent reps and agencies. This policy explains what personal information we
        collect through the website, its forms and the Service, why, who helps us process it, and the choices
        you have. The data you and your team put into RepDesk about your own dealers, vendors and orders is
        yours, and we handle it as described here and in our <Link to="/terms">Terms of Service</Link>.
      </p>
    ),
  },
  {
    id: "information-we-collect",
    heading: "Information we collect",
    body: (
      <>
        <h3>Information you give us</h3>
        <ul>
          <li>
            <strong>Get Started form:</strong> your first and last name, email address, team size, product
            line focus and any notes you add.
          </li>
          <li>
            <strong>Contact form:</strong> your first and last name, email address, phone number and company
            (if you give them), the subject you pick, your message, and whether you want our newsletter.
          </li>
          <li>
            <strong>Your account:</strong> the names, email addresses and phone numbers of you and your users,
            your company details and billing contact, and the business records you enter into the Service.
          </li>
        </ul>
        <h3>Information collected automatically</h3>
        <ul>
          <li>
            <strong>IP address and country:</strong> when you submit a form we record the IP address it came
            from, and for Get Started requests the country we derive from that address. We use them to route
            your request to the right team and to detect spam and abuse.
          </li>
          <li>
            <strong>Usage logs:</strong> our servers log requests (time, page or API address, browser type,
            response status) to keep the Service secure and reliable.
          </li>
          <li>
            <strong>Analytics events:</strong> which pages you view and which buttons, plans or form steps you
            use, as described under Analytics below.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "how-we-use",
    heading: "How we use your information",
    body: (
      <ul>
        <li>
          To answer you: a customer success representative reviews each Get Started request and replies within
          24 hours on weekdays.
        </li>
        <li>To provide, support and bill the Service, including free implementation support.</li>
        <li>To keep the website and the Service secure, and to prevent spam, fraud and abuse.</li>
        <li>To understand which pages and features are useful, so that we can improve them.</li>
        <li>To send you our newsletter, only if you ask for it.</li>
      </ul>
    ),
  },
  {
    id: "analytics",
    heading: "Analytics",
    body: (
      <p>
        We measure how the website is used through a tag manager (Google Tag Manager). The site records events
        such as page views, clicks on calls to action, plan selections and the start and submission of forms,
        with a short label describing each. We do not send the contents of your forms — your name, email,
        phone or message — to analytics. Pages of our staff-only Command Center are never tracked.
      </p>
    ),
  },
  {
    id: "email",
    heading: "Email",
    body: (
      <p>
        We use your email address to reply to your request and, if you are a customer, for account, billing
        and service messages such as order confirmations and notifications you have turned on. Our newsletter
        is sent only to people who opted in, and every issue has a link to unsubscribe. Our staff receive an
        internal notification when you submit a form, so that the right person can follow up.
      </p>
    ),
  },
  {
    id: "processors",
    heading: "Service providers who process data for us",
    body: (
      <>
        <p>
          We do not sell or rent your personal information. We share it only with providers who process it on
          our behalf, under contracts that require them to protect it and use it only for our instructions:
        </p>
        <ul>
          <li>
            <strong>Amazon Web Services (AWS)</strong> hosts the website and the Service, stores our data and
            delivers our email, in data centers in the United States.
          </li>
          <li>
            <strong>Google</strong> provides the tag manager and the analytics tools it loads.
          </li>
          <li>
            <strong>Our payment processor</strong> handles card payments for subscriptions; we never see or
            store full card numbers.
          </li>
        </ul>
        <p>
          We may also disclose information when the law requires it, to protect our users or the Service, or
          to a successor if RepDesk is sold or merged, in which case this policy continues to apply.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    heading: "How long we keep information",
    body: (
      <ul>
        <li>Usage logs are kept for 12 months.</li>
        <li>Billing records are kept for 7 years, to meet tax and accounting obligations.</li>
        <li>
          Get Started and contact requests are kept while they are useful for following up with you, and we
          delete them sooner if you ask.
        </li>
        <li>
          Account data is kept while your subscription is active; after it ends you have 30 days to export it,
          and we then delete it as set out in our Terms of Service.
        </li>
      </ul>
    ),
  },
  {
    id: "security",
    heading: "Security",
    body: (
      <p>
        Data is encrypted in transit with TLS and at rest in AWS. Access to personal information is limited to
        the staff who need it for their job; staff sign in with individual accounts, and their actions on form
        submissions are recorded in an audit log. No system is perfectly secure, but if a breach affects your
        personal information we will tell you without undue delay, as the law requires.
      </p>
    ),
  },
  {
    id: "your-rights",
    heading: "Your rights and choices",
    body: (
      <>
        <p>Depending on where you live, you have the right to:</p>
        <ul>
          <li>know what personal information we hold about you and get a copy of it;</li>
          <li>correct information that is wrong or incomplete;</li>
          <li>have your information deleted;</li>
          <li>
            export your data in a portable format (customers can also export at any time as CSV or Excel);
          </li>
          <li>object to or restrict certain uses, and unsubscribe from the newsletter at any time.</li>
        </ul>
        <p>
          To use any of these rights, email us at the address below. We will confirm your identity and respond
          within 30 days. We will not treat you differently for exercising your rights.
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    heading: "Cookies",
    body: (
      <>
        <p>
          The public website works without cookies of its own. The only cookie RepDesk itself sets is the
          staff session cookie, which is set only when a RepDesk employee signs in to our Command Center. It
          is strictly necessary to keep that employee signed in securely, it is not used for tracking, and it
          ends when they sign out or the session expires.
        </p>
        <p>
          When analytics are enabled, the tools loaded through the tag manager may set their own cookies to
          count visits. You can block or delete these in your browser settings without affecting how the site
          works.
        </p>
      </>
    ),
  },
  {
    id: "children",
    heading: "Children",
    body: (
      <p>
        RepDesk is a business service for adults. It is not directed at children under 16 and we do not
        knowingly collect their personal information. If you believe a child has given us information, contact
        us and we will delete it.
      </p>
    ),
  },
  {
    id: "international",
    heading: "Where your information is processed",
    body: (
      <p>
        We are based in the United States and process information there. If you contact us from another
        country, your information is transferred to the United States, and we protect it as described in this
        policy wherever it is processed.
      </p>
    ),
  },
  {
    id: "changes",
    heading: "Changes to this policy",
    body: (
      <p>
        We will post any update on this page with a new "last updated" date. If a change materially affects
        how we use your personal information, we will also email our customers before it takes effect.
      </p>
    ),
  },
];

export default function Privacy() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          You trust us with your business contacts and your sales numbers. Here is exactly what we collect,
          why we collect it, and how you stay in control.
        </p>
      }
      sections={SECTIONS}
      contact={PRIVACY_CONTACT}
      contactIntro="For questions about this policy or to exercise your privacy rights, contact our privacy team:"
    />
  );
}
