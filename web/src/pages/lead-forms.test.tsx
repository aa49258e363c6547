/**
 * The public forms show every form field their lead kind's description has (events/lead-fields.ts),
 * as an input named after it under its form label — and a field added to a description is on the
 * form with no other edit (DescribedFields, web/src/components/ui/DescribedFields.tsx).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { CONTACT_LEAD, formKeys, type LeadFields, labelIn, SIGNUP_LEAD } from "../../../events/lead-fields";
import { SIGNUP_WITH_COMPANY } from "../../../events/lead-fields.test-util";
import { DescribedFields } from "../components/ui/DescribedFields";

let renderHtml: (element: React.ReactElement) => string;
let pages: { signup: React.FC; contact: React.FC };

beforeAll(async () => {
  Object.assign(globalThis, {
    __SITE_CONFIG__: {
      brand: "RepDesk",
      stage: "test",
      siteUrl: "https://repdesk.test",
      appUrls: { login: "", register: "", liveDemo: "" },
    },
  });
  ({ renderHtml } = await import("../components/marketing/render.test-util"));
  pages = { signup: (await import("./Signup")).default, contact: (await import("./Contact")).default };
});

const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;");

/** The control named `key`, and the text of what labels it (its <label for>, its legend, or its box's label). */
function expectInput(html: string, key: string, label: string) {
  expect(html, key).toMatch(new RegExp(`<(input|select|textarea)[^>]*\\bname="${key}"`));
  expect(html, key).toContain(escaped(label));
  const labelled = html.includes(`for="${key}"`) || new RegExp(`<legend[^>]*>${escaped(label)}`).test(html);
  expect(labelled, `${key} has a label`).toBe(true);
}

describe.each([
  ["signup", SIGNUP_LEAD],
  ["contact", CONTACT_LEAD],
] as const)("the %s page", (kind, lead) => {
  it("has an input for every form field of its description, in its order, under its form label", () => {
    const Page = pages[kind];
    const html = renderHtml(<Page />);
    const described = lead as LeadFields;
    const keys = formKeys(described);
    for (const key of keys) expectInput(html, key, labelIn(described[key] as LeadFields[string], "form"));
    const order = keys.map((key) => html.indexOf(`name="${key}"`));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});

describe("a field added to a copy of a description", () => {
  it("is on the form with no other edit: its input, label and autocomplete", () => {
    const html = renderHtml(
      <DescribedFields
        lead={SIGNUP_WITH_COMPANY}
        required="aria"
        values={{}}
        errors={{}}
        onChange={() => {}}
      />,
    );
    expectInput(html, "company", "Company");
    expect(html).toMatch(
      /<input[^>]*name="company"[^>]*autoComplete="organization"|<input[^>]*autocomplete="organization"[^>]*name="company"/i,
    );
    expect(html.indexOf('name="company"')).toBeGreaterThan(html.indexOf('name="notes"'));
  });

  it("says required the form's way: aria-required on /signup, an asterisk and required on /contact", () => {
    const props = { values: {}, errors: {}, onChange: () => {} };
    const aria = renderHtml(<DescribedFields lead={CONTACT_LEAD} required="aria" {...props} />);
    const native = renderHtml(<DescribedFields lead={CONTACT_LEAD} required="native" {...props} />);
    const input = (html: string, key: string) =>
      html.match(new RegExp(`<input id="${key}"[^>]*>`))?.[0] ?? "";
    expect(input(aria, "firstName")).toContain('aria-required="true"');
    expect(input(aria, "firstName")).not.toContain('required=""');
    expect(input(native, "firstName")).toContain('required=""');
    expect(native).toMatch(/<label for="firstName"[^>]*>First name<span[^>]*aria-hidden="true">/);
    expect(input(native, "company")).not.toContain("required");
  });
});
