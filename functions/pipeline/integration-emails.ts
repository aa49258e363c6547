/**
 * To the team's admins when an outbound integration was paused after failing for a day
 * (functions/integrations/sweep.ts; docs/product/webhooks.md): which endpoint, since when, and
 * where to look at its delivery log and resume it.
 */
import type { WebhookEndpointPausedData } from "../../events/envelopes";
import { formatTeamTime } from "../../events/team-time";
import {
  BRAND,
  button,
  layout,
  oneLine,
  paragraph,
  type RenderedEmail,
  siteLink,
} from "../model/mail/templates";

export function endpointPausedEmail(data: WebhookEndpointPausedData, siteUrl: string): RenderedEmail {
  const named = data.description
    ? `"${oneLine(data.description, 200)}" (${oneLine(data.url, 300)})`
    : oneLine(data.url, 300);
  const lines = [
    `The integration ${named} has failed every delivery since ${formatTeamTime(data.failingSince)}, so ${BRAND} paused it.`,
    "Nothing is sent to it while it is paused. Fix the receiver, then resume it on the Integrations page and replay the failed deliveries.",
  ];
  const link = siteLink(siteUrl, "/commandcenter/integrations");
  return {
    subject: `${BRAND} paused a failing integration`,
    html: layout({
      preheader: lines[0] as string,
      heading: "An integration was paused",
      body: `${lines.map(paragraph).join("")}${button(link, "Open Integrations")}`,
      footer: `${BRAND} Command Center`,
    }),
    text: `${lines.join("\n\n")}\n\n${link}\n`,
  };
}
