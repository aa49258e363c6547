import { COMPANY_NAME, PRIVACY_CONTACT, PRIVACY_LAST_UPDATED } from "../content/legal";
import { Link } from "../routing/router";
import type { PageMeta } from "../seo/meta";
import { LegalDocument, type LegalSection } from "./legal/LegalDocument";

export const meta: PageMeta = {
  title: "Privacy Policy",
  description:
    "What RepDesk collects through its forms and service, how we ask before loading analytics, the emails we send, who processes data for us, how long we keep it, and your privacy rights.",
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
            <strong>Get Started form:</strong> your first and last name, email address, team size (solo or a
            team), product line focus (a single line or multiple lines) and any notes you add.
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
            <strong>IP address and country:</strong> when you submit a form we record the time and the IP
            address it came from, and for Get Started requests the country we derive from that address. We
            look the country up in a geo-location database that runs on our own servers: your address is not
            sent to anyone else for this. We use them to route your request to the right team and to detect
            spam and abuse.
          </li>
          <li>
            <strong>Where you came from:</strong> each form sends the address of the page it is on (without
            its query), the campaign tags in that address (utm_source, utm_medium, utm_campaign, utm_term,
            utm_content) and ad click identifiers (gclid, msclkid, fbclid), and the address of the site that
            sent you here reduced to its origin (for example https://www.google.com) — never the full address
            of the other site's page. With analytics allowed, it sends where your visit began instead, as
            described under Analytics, tags and your consent below. We sort each request into a channel
            (search, social, email, referral and so on) to learn which of our efforts reach people.
          </li>
          <li>
            <strong>Form safeguards:</strong> each form also sends a random identifier made by your browser,
            so that a form sent twice is stored once, and a hidden field that only automated spam fills in. A
            request our checks judge to be automated spam is kept, with the reasons, for our team to review
            instead of being answered; if our team confirms it is not spam, we handle it like any other.
          </li>
          <li>
            <strong>Usage logs:</strong> our servers log requests to the website's forms and to the Service
            (time, address requested, IP address, browser type, response status) to keep them secure and
            reliable.
          </li>
          <li>
            <strong>Analytics events:</strong> which pages you view and which buttons, plans or form steps you
            use, as described under Analytics, tags and your consent below. They leave your browser only if
            you allow it.
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
        <li>
          With your consent, to understand which pages and features are useful, so that we can improve them.
        </li>
        <li>To send you our newsletter, only if you ask for it.</li>
      </ul>
    ),
  },
  {
    id: "analytics",
    heading: "Analytics, tags and your consent",
    body: (
      <>
        <p>
          The website records events in your browser: page views, clicks on calls to action and menus, plan
          selections, and the start, submission and errors of forms, each with a short label (and the subject
          you picked on the contact form). We never put the contents of your forms — your name, email, phone
          or message — into these events. Pages of our staff-only Command Center are never tracked.
        </p>
        <p>
          These events stay in your browser unless you allow more. When you first visit, we ask: you can
          accept all, reject all, or choose by purpose. Until you choose, and whenever you say no, Google Tag
          Manager is not loaded and nothing is sent to Google. We tell Google's tags your choice through
          Google Consent Mode, with everything denied until you decide.
        </p>
        <ul>
          <li>
            <strong>Analytics</strong> (if you allow it): we load Google Tag Manager, which loads Google
            Analytics to count visits, pages and clicks.
          </li>
          <li>
            <strong>Marketing</strong> (if you allow it): Google tags measure whether our ads lead to signups
            and contact messages (conversions).
          </li>
        </ul>
        <p>
          <strong>Where your visit began:</strong> with analytics allowed, the site also keeps in your
          browser's local storage, for 30 days, the first page of your visit, the origin of the site that sent
          you, the campaign tags and ad click identifiers in its address, and the time, and sends them with a
          form you submit in that time. Until you choose, when you refuse analytics, and when your browser
          sends Global Privacy Control, nothing is kept, and withdrawing your consent deletes what was kept.
        </p>
        <p>
          <strong>Global Privacy Control:</strong> if your browser sends the Global Privacy Control signal, we
          treat it as your refusal of marketing: marketing stays off without our asking, whatever else you
          allow, and where your visit began is not kept. You can change your choice at any time with Cookie
          settings at the bottom of every page.
        </p>
      </>
    ),
  },
  {
    id: "email",
    heading: "Email",
    body: (
      <>
        <ul>
          <li>
            <strong>Acknowledgement:</strong> when you submit a form, we send one email to the address you
            gave, confirming that we received it.
          </li>
          <li>
            <strong>Staff alerts:</strong> our team's inbox receives an internal email with what you entered
            and the IP address the form came from, so that the right person can follow up.
          </li>
          <li>
            <strong>Replies:</strong> our staff answer you by email from our Command Center; we keep a copy of
            each reply with your request.
          </li>
        </ul>
        <p>
          If you are a customer, we also send account, billing and service messages such as order
          confirmations and notifications you have turned on. Our newsletter is sent only to people who opted
          in, and every issue has a link to unsubscribe.
        </p>
      </>
    ),
  },
  {
    id: "forwarding",
    heading: "Forwarding new requests to our team's tools",
    body: (
      <>
        <p>
          Our administrators can connect our Command Center to tools our team uses: a webhook (a web address
          of a system of ours that receives each event, signed so that it can tell the message came from us)
          or a Slack channel. Nothing is forwarded unless an administrator has set up such a connection, and
          only the events it was set up for are sent.
        </p>
        <ul>
          <li>
            <strong>New requests:</strong> for a Get Started request or contact message, your first and last
            name, email address, and where you gave or we derived them, your company, team size, product line
            focus, the subject you picked and your country, with the time it arrived, when our reply is due,
            where you came from (as described under Information we collect) and a link for our staff. Never
            your IP address, your notes or the text of your message.
          </li>
          <li>
            <strong>Follow-up:</strong> when our staff change the status of your request, assign it to a
            colleague or reply to you, the connected tool learns that this happened, when and by whom — not
            the text of the reply.
          </li>
          <li>
            <strong>Overdue reminder:</strong> if our first reply to you is late, once: your name, your
            company if you gave it, who on our team is responsible and when the reply was due.
          </li>
        </ul>
        <p>
          We keep a record of each delivery, with what was sent and the first part of the receiving tool's
          answer, for 30 days, then it is deleted automatically. When you ask for a copy of your information
          or for its deletion, these records are included: a deletion removes them from our systems. What a
          connected tool has already received is kept under that tool's own settings.
        </p>
      </>
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
            <strong>Slack</strong> receives new requests, and reminders of overdue replies, as described under
            Forwarding new requests to our team's tools — only if our administrators have connected a Slack
            channel.
          </li>
          <li>
            <strong>Google</strong> provides the tag manager and the analytics and advertising tools it loads
            — only if you allow analytics or marketing.
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
        <li>
          Get Started requests and contact messages, with the emails about them: on our live website, kept
          while they are useful for following up with you, and deleted sooner if you ask; on our test site
          (dev.repdesk.example.com), deleted automatically 30 days after they arrive. When a request is
          deleted, automatically or at your request, the notes, status history and reply copies about it go
          with it; our statistics keep only counts, with nothing that identifies you.
        </li>
        <li>
          Requests judged to be automated spam: deleted automatically 30 days after they arrive, unless our
          team finds they are not spam, in which case they are kept like any other request.
        </li>
        <li>Records of requests forwarded to our team's tools (webhooks and Slack): 30 days.</li>
        <li>
          Request logs of the website's forms and the Command Center: 3 months on our live website, 2 weeks on
          our test site. Messages waiting to be processed (for example, an email not yet sent) are dropped
          after 14 days at most.
        </li>
        <li>Usage logs are kept for 12 months.</li>
        <li>Billing records are kept for 7 years, to meet tax and accounting obligations.</li>
        <li>Your cookie choice is kept in your browser for 6 months; then we ask again.</li>
        <li>Where your visit began, kept in your browser only with analytics allowed: 30 days.</li>
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
    heading: "Cookies and similar storage",
    body: (
      <>
        <ul>
          <li>
            <strong>Your cookie choice</strong> (essential): what you chose in our banner, with the date and
            an expiry six months later, kept in your browser's local storage under the name "repdesk.consent".
            It is never sent to us or anyone else.
          </li>
          <li>
            <strong>Where your visit began</strong> (only with analytics allowed, and never with Global
            Privacy Control): kept in your browser's local storage under the name "repdesk.source" for 30
            days, and sent to us only with a form you submit. Withdrawing your consent deletes it.
          </li>
          <li>
            <strong>Staff session cookie</strong> (strictly necessary): set only when a RepDesk employee signs
            in to our Command Center, to keep them signed in securely. It is not used for tracking, and it
            ends when they sign out, after 30 minutes without activity, or after 12 hours at most.
          </li>
          <li>
            <strong>Google's cookies</strong> (only with your consent): with analytics allowed, Google
            Analytics sets cookies such as _ga to count visits; with marketing allowed, Google's conversion
            tags may set cookies such as _gcl_au. If you withdraw your consent, we delete these cookies from
            our site.
          </li>
        </ul>
        <p>
          The public website sets no other cookies. You can also block or delete cookies in your browser
          settings without affecting how the site works.
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
      updated={PRIVACY_LAST_UPDATED}
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
