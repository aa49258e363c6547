import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { renderHtml, textOf } from "../../components/marketing/render.test-util";
import { LEGAL_CONTACT, PRIVACY_CONTACT } from "../../content/legal";
import Privacy from "../Privacy";
import Terms from "../Terms";

function rendered(page: () => ReactElement) {
  const html = renderHtml(page());
  return { html, text: textOf(html) };
}

/** Every table-of-contents entry points at a heading on the page. */
function expectContentsResolve(html: string) {
  const anchors = [...html.matchAll(/href="#([^"]+)"/g)].map((match) => match[1]);
  expect(anchors.length).toBeGreaterThan(5);
  for (const anchor of anchors) expect(html).toContain(`<h2 id="${anchor}"`);
}

describe("Terms of Service", () => {
  const { html, text } = rendered(() => <Terms />);

  it("has one h1 and the date docs/product/site.md gives", () => {
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(text).toContain("Terms of Service");
    expect(text).toContain("Last updated January 1, 2024");
    expect(html).toContain('<time dateTime="2024-01-01">');
  });

  it("states the commitments of docs/product/site.md: trial, notice of price changes, uptime, liability cap, export", () => {
    expect(text).toContain("14-day free trial");
    expect(text).toContain("no credit card");
    expect(text).toContain("at least 30 days' notice");
    expect(text).toContain("99.9% uptime");
    expect(text).toContain("limited to the fees you paid to RepDesk in the 12 months before");
    expect(text).toContain("export your data as PDF, Excel or CSV");
  });

  it("ends with the legal contact block: e-mail, phone and postal address", () => {
    const contact = text.slice(text.lastIndexOf("Contact us"));
    expect(contact).toContain(LEGAL_CONTACT.email);
    expect(contact).toContain(LEGAL_CONTACT.phone);
    expect(contact).toContain("1200 Commerce Street, Suite 400");
    expect(html).toContain(`href="mailto:${LEGAL_CONTACT.email}"`);
    expect(html).toContain("<address");
  });

  it("has a table of contents whose links resolve", () => expectContentsResolve(html));
});

describe("Privacy Policy", () => {
  const { html, text } = rendered(() => <Privacy />);

  it("has one h1 and the date docs/product/site.md gives", () => {
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(text).toContain("Privacy Policy");
    expect(text).toContain("Last updated November 29, 2026");
    expect(html).toContain('<time dateTime="2026-11-29">');
  });

  it("describes the consent banner, the tags and their purposes, GPC, the e-mails and the storage", () => {
    expect(text).toContain("Google Tag Manager is not loaded and nothing is sent to Google");
    expect(text).toContain("Google Consent Mode");
    expect(text).toContain("Global Privacy Control");
    expect(text).toContain("marketing stays off");
    expect(text).toContain("Cookie settings");
    expect(text).toContain("geo-location database that runs on our own servers");
    for (const email of ["Acknowledgement:", "Staff alerts:", "Replies:"]) expect(text).toContain(email);
    expect(text).toContain("deleted automatically 30 days after they arrive");
    expect(text).toContain("3 months on our live website, 2 weeks on our test site");
    expect(text).toContain('"repdesk.consent"');
    expect(text).toContain("kept in your browser for 6 months");
    expect(text).toContain("only with your consent");
  });

  it("names what the forms collect, the processors, retention and the session cookie", () => {
    for (const field of ["first and last name", "email address", "phone number", "company", "team size"]) {
      expect(text).toContain(field);
    }
    expect(text).toContain("product line focus");
    expect(text).toContain("IP address");
    expect(text).toContain("country we derive from that address");
    expect(text).toContain("Tag Manager");
    expect(text).toContain("Amazon Web Services (AWS)");
    expect(text).toContain("Usage logs are kept for 12 months");
    expect(text).toContain("Billing records are kept for 7 years");
    expect(text).toContain("Staff session cookie");
    expect(text).toContain("strictly necessary");
    expect(text).toContain("children under 16");
  });

  it("describes forwarding to the team's webhooks and Slack as docs/product/webhooks.md does", () => {
    expect(text).toContain("Nothing is forwarded unless an administrator has set up such a connection");
    expect(text).toContain("Never your IP address, your notes or the text of your message");
    expect(text).toContain("not the text of the reply");
    expect(text).toContain("for 30 days, then it is deleted automatically");
    expect(text).toContain(
      "When you ask for a copy of your information or for its deletion, these records are included",
    );
    expect(text).toContain("Records of requests forwarded to our team's tools (webhooks and Slack): 30 days");
    expect(text).toContain("Slack receives new requests, and reminders of overdue replies");
    expect(text).toContain("if our first reply to you is late, once");
    expect(text).toContain("our statistics keep only counts");
  });

  it("says what the forms send of where a visitor came from, and what is kept with analytics only", () => {
    expect(text).toContain("reduced to its origin");
    expect(text).toContain("never the full address");
    expect(text).toContain("utm_source, utm_medium, utm_campaign, utm_term, utm_content");
    expect(text).toContain("gclid, msclkid, fbclid");
    expect(text).toContain('"repdesk.source" for 30 days');
    expect(text).toContain("when your browser sends Global Privacy Control, nothing is kept");
    expect(text).toContain("withdrawing your consent deletes what was kept");
    expect(text).toContain(
      "Where your visit began, kept in your browser only with analytics allowed: 30 days",
    );
  });

  it("ends with the privacy contact block", () => {
    const contact = text.slice(text.lastIndexOf("Contact us"));
    expect(contact).toContain(PRIVACY_CONTACT.email);
    expect(contact).toContain(PRIVACY_CONTACT.phone);
  });

  it("has a table of contents whose links resolve", () => expectContentsResolve(html));
});
