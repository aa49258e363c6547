/**
 * Staff accounts of the Command Center:
 *
 *   npm run admin -- create|reset-password|delete|list|mfa-enrol|mfa-remove [<username>] [--stage <name>]
 *   npm run admin -- backfill-desk [--again] [--stage <name>]   (docs/decisions/0076-desk-backfill.md)
 *   npm run admin -- recount-figures [--stage <name>]           (docs/decisions/0090-maintained-response-figures.md)
 *   npm run admin -- recount-sources [--stage <name>]           (docs/decisions/0144-sources-report-figures.md)
 *   npm run admin -- check-identities [--stage <name>]          (docs/decisions/0081-one-identity-rule.md)
 *   npm run admin -- seal-slack-urls [--stage <name>]           (docs/product/webhooks.md, "Slack")
 *
 * Locally (default) against the local runtime's store: the running runtime's DynamoDB, found
 * through the runtime.json it writes into its data folder (PORT or DATA_DIR pick one runtime when
 * several run; DYNAMO_PORT names an endpoint outright), else the data folder opened directly
 * (see localTarget in ./store.ts).
 * With --stage, against that deployed stage's Users table (repdesk-<stage>-Users, the stack's
 * naming in infra/constructs/data.ts) with the usual AWS credentials of the shell.
 * The password comes from ADMIN_PASSWORD or a hidden prompt; `create` makes an Admin and takes the
 * address from ADMIN_EMAIL or a prompt (more staff are invited from the Command Center's Team page);
 * the address must be a plain staff address that no other account uses (functions/model/identity.ts).
 * `check-identities` lists accounts and invitations stored before the one identity rule whose
 * username or address is not canonical or meets another's, and migrates the safe cases
 * (functions/staff/identity-check.ts); it exits with 1 while anything is left to do by hand.
 * `seal-slack-urls` seals the Slack URLs of endpoints saved before Slack URLs were stored sealed
 * (functions/integrations/seal-slack-urls.ts): with the local runtime's key from its data folder,
 * or with --stage through the stage's KMS key (alias/repdesk-<stage>-webhooks, infra/environment.ts),
 * which the shell's credentials must be allowed to use (kms:GenerateDataKey).
 */
import { emailField } from "../../events";
import { sealSlackUrls } from "../../functions/integrations/seal-slack-urls";
import { backfillDesk } from "../../functions/leads/backfill";
import { recountFigures } from "../../functions/leads/figures-recount";
import { recountSources } from "../../functions/leads/sources-recount";
import { staffAddress, staffUsernameProblem } from "../../functions/model/identity";
import { CONTACT_KIND, SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { hashPassword } from "../../functions/model/staff/password";
import { roleOf, UsersRepository } from "../../functions/model/staff/users";
import { checkIdentities, describeIdentityIssue } from "../../functions/staff/identity-check";
import { passwordProblem } from "../../functions/staff/password-policy";
import { generateTotpSecret, totpUri } from "../../functions/staff/totp";
import { isMainModule } from "../main-module";
import { prompt, promptHidden } from "./prompt";
import { openStore, type Store } from "./store";

const USAGE =
  "Usage: npm run admin -- create|reset-password|delete|list|mfa-enrol|mfa-remove [<username>] [--stage <name>]\n" +
  "       npm run admin -- backfill-desk [--again] [--stage <name>]\n" +
  "       npm run admin -- recount-figures|recount-sources [--stage <name>]\n" +
  "       npm run admin -- check-identities [--stage <name>]\n" +
  "       npm run admin -- seal-slack-urls [--stage <name>]";

/** Commands that act on no one user. */
const WITHOUT_USERNAME = [
  "list",
  "backfill-desk",
  "recount-figures",
  "recount-sources",
  "check-identities",
  "seal-slack-urls",
];

export interface ParsedArgs {
  readonly command: string;
  readonly username?: string;
  readonly stage?: string;
  /** backfill-desk: read every record again from the start (records restored from a backup). */
  readonly again?: boolean;
}

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const rest = [...argv];
  let stage: string | undefined;
  const stageAt = rest.indexOf("--stage");
  if (stageAt !== -1) {
    stage = rest[stageAt + 1];
    if (!stage || stage.startsWith("--")) throw new Error("--stage needs a stage name");
    rest.splice(stageAt, 2);
  }
  const againAt = rest.indexOf("--again");
  if (againAt !== -1) rest.splice(againAt, 1);
  const [command, username, ...extra] = rest;
  if (!command || extra.length > 0) throw new Error(USAGE);
  if (againAt !== -1 && command !== "backfill-desk")
    throw new Error(`--again is for backfill-desk. ${USAGE}`);
  if (WITHOUT_USERNAME.includes(command) ? username : !username)
    throw new Error(`${command} ${username ? "takes no username" : "needs a username"}. ${USAGE}`);
  return { command, username, stage, ...(againAt !== -1 ? { again: true } : {}) };
}

/** Brings the store's records from before the lead desk into it, printing each run's progress. */
async function backfill(args: ParsedArgs, store: Store, print: (line: string) => void): Promise<void> {
  const deps = {
    db: store.db,
    kinds: [SIGNUP_KIND, CONTACT_KIND].map((lead) => ({ lead, table: store.table(lead.table) })),
    auditTable: store.table("audit"),
    calendar: store.calendar,
    clock: () => new Date(),
  };
  const sum = { madeNew: 0, dueAdded: 0, ownersCounted: 0, ownerKeysAdded: 0, skipped: 0, pages: 0 };
  for (let fromStart = args.again === true; ; fromStart = false) {
    // Runs of a minute, so progress shows and a stopped command resumes from the saved cursors.
    const result = await backfillDesk(deps, { fromStart, deadline: Date.now() + 60_000 });
    for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += result[key];
    print(
      `${result.done ? "Done" : "Continuing"}: ${sum.madeNew} made New, ${sum.dueAdded} given a due time, ${sum.ownersCounted} owners counted, ${sum.ownerKeysAdded} owner keys added, ${sum.skipped} changed meanwhile (${sum.pages} pages; ${store.description}).`,
    );
    if (result.done) return;
  }
}

/** Counts the window's records in the dashboard's response figures and marks them complete. */
async function recount(store: Store, print: (line: string) => void): Promise<void> {
  const result = await recountFigures({
    db: store.db,
    kinds: [SIGNUP_KIND, CONTACT_KIND].map((lead) => ({ lead, table: store.table(lead.table) })),
    calendar: store.calendar,
    clock: () => new Date(),
  });
  print(
    `Done: ${result.records} records of the window read, ${result.counted} counted or corrected, ${result.gone} deleted meanwhile; the dashboard now reads the maintained figures (${store.description}).`,
  );
}

/** Counts every lead record in the Sources report's items and marks them complete. */
async function recountSourceItems(store: Store, print: (line: string) => void): Promise<void> {
  const result = await recountSources({
    db: store.db,
    kinds: [SIGNUP_KIND, CONTACT_KIND].map((lead) => ({ lead, table: store.table(lead.table) })),
    calendar: store.calendar,
    clock: () => new Date(),
  });
  print(
    `Done: ${result.records} records read, ${result.counted} counted or corrected, ${result.gone} deleted meanwhile; the Sources report counts every lead (${store.description}).`,
  );
}

/** Seals the Slack URLs stored in clear before the sealing; a second run finds none. */
async function sealStoredSlackUrls(store: Store, print: (line: string) => void): Promise<void> {
  if (!store.box) throw new Error(`No key to seal with (${store.description})`);
  const result = await sealSlackUrls({
    db: store.db,
    tables: { integrations: store.table("integrations") },
    box: store.box(),
  });
  print(
    `Done: ${result.endpoints} endpoints read, ${result.sealed} Slack URLs sealed, ${result.changedMeanwhile} changed by an edit meanwhile (${store.description}).`,
  );
}

async function newPassword(username: string): Promise<string> {
  const password = process.env.ADMIN_PASSWORD ?? (await promptHidden("Password: "));
  const problem = await passwordProblem(password, { username, email: process.env.ADMIN_EMAIL });
  if (problem) throw new Error(problem);
  if (!process.env.ADMIN_PASSWORD && (await promptHidden("Repeat password: ")) !== password) {
    throw new Error("The passwords do not match");
  }
  return password;
}

/** A plain staff address (no display name, commas, brackets or line breaks), canonical. */
async function newEmail(): Promise<string> {
  const parsed = emailField.safeParse(
    process.env.ADMIN_EMAIL ?? (await prompt("E-mail address: ", "ADMIN_EMAIL")),
  );
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "Invalid e-mail address");
  const address = staffAddress(parsed.data);
  if (!address.ok) throw new Error(address.problem);
  return address.value;
}

/** Prints what the identity check found and did; fails while something is left to do by hand. */
async function checkStoredIdentities(store: Store, print: (line: string) => void): Promise<void> {
  const result = await checkIdentities({
    db: store.db,
    tables: {
      users: store.usersTable,
      invitations: store.table("invitations"),
      audit: store.table("audit"),
      authState: store.table("authState"),
    },
    clock: () => new Date(),
  });
  for (const issue of result.issues)
    print(`${issue.fixed ? "fixed" : "LEFT "}  ${describeIdentityIssue(issue)}`);
  const left = result.issues.filter((issue) => !issue.fixed).length;
  print(
    `Checked ${result.accounts} accounts and ${result.invitations} invitations: ${result.issues.length - left} fixed, ${left} left to do by hand, ${result.claimed} addresses claimed (${store.description}).`,
  );
  if (left > 0) throw new Error(`${left} identities need a decision (see the lines marked LEFT above)`);
}

export async function run(args: ParsedArgs, store: Store, print: (line: string) => void): Promise<void> {
  const users = new UsersRepository(store.db, store.usersTable, store.table("authState"));
  const username = args.username ?? "";
  switch (args.command) {
    case "create": {
      const problem = staffUsernameProblem(username);
      if (problem) throw new Error(problem);
      const email = await newEmail();
      const user = await users.create(username, await hashPassword(await newPassword(username)), new Date(), {
        email,
        role: "admin",
      });
      print(`Created admin "${user.username}" <${user.email}> (${store.description}).`);
      return;
    }
    case "reset-password":
      if (!(await users.find(username))) throw new Error(`User "${username}" does not exist`);
      // Changing the password also ends the user's existing sessions (functions/model/staff/authenticate.ts).
      await users.setPassword(username, await hashPassword(await newPassword(username)), new Date());
      print(`Password of "${username}" reset; their sessions have ended (${store.description}).`);
      return;
    case "delete":
      await users.delete(username);
      print(`Deleted staff user "${username}" (${store.description}).`);
      return;
    case "list": {
      const all = await users.list();
      if (all.length === 0) print(`No staff users (${store.description}).`);
      for (const user of all) {
        print(
          [
            user.username,
            user.email ?? "(no e-mail yet)",
            roleOf(user),
            user.deactivatedAt ? "deactivated" : "active",
            `created ${user.createdAt}`,
            user.totpSecret ? "two-factor on" : "two-factor off",
          ].join("\t"),
        );
      }
      return;
    }
    case "mfa-enrol": {
      const secret = generateTotpSecret();
      await users.setTotpSecret(username, secret);
      print(`Two-factor sign-in enrolled for "${username}". Add this to an authenticator app:`);
      print(`  secret: ${secret}`);
      print(`  URI:    ${totpUri(secret, username)}`);
      return;
    }
    case "backfill-desk":
      await backfill(args, store, print);
      return;
    case "recount-figures":
      await recount(store, print);
      return;
    case "recount-sources":
      await recountSourceItems(store, print);
      return;
    case "check-identities":
      await checkStoredIdentities(store, print);
      return;
    case "seal-slack-urls":
      await sealStoredSlackUrls(store, print);
      return;
    case "mfa-remove":
      await users.setTotpSecret(username, undefined);
      print(`Two-factor sign-in removed for "${username}".`);
      return;
    default:
      throw new Error(`Unknown command "${args.command}". ${USAGE}`);
  }
}

async function main(): Promise<void> {
  let store: Store | undefined;
  try {
    const args = parseArgs(process.argv.slice(2));
    store = await openStore(args.stage);
    await run(args, store, (line) => console.log(line));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await store?.close();
  }
}

if (isMainModule(import.meta.url)) void main();
