/**
 * The lead desk's HTTP routes (thin: parse, call functions/leads/lead-desk.ts, map to HTTP). Every
 * route is behind requireSession(); the state-changing ones also pass the cross-site guard.
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import {
  DeskUpdateRequest,
  LEAD_PLURALS,
  type LeadKindName,
  type LeadPlural,
  NoteRequest,
} from "../../../events/desk";
import { systemClock } from "../../lib/clock";
import {
  type ApiRequest,
  HttpError,
  httpApi,
  invalidFields,
  jsonResponse,
  validateBody,
} from "../../lib/http";
import { stageCalendar } from "../../model/calendar";
import { staffKey } from "../../model/identity";
import { CONTACT_KIND, type LeadKind, SIGNUP_KIND } from "../../model/lead-kinds";
import { documentClient } from "../../model/staff/clients";
import { requireSession, signedInSession } from "../../model/staff/http-session";
import { staffUserViewOf, UsersRepository } from "../../model/staff/users";
import { tableName } from "../../model/tables";
import { deskStats } from "../desk-stats";
import { changeLeads, type DeskDeps, leadTimeline, writeNote } from "../lead-desk";

export const KINDS = {
  signup: { lead: SIGNUP_KIND, plural: LEAD_PLURALS.signup },
  contact: { lead: CONTACT_KIND, plural: LEAD_PLURALS.contact },
} as const satisfies Record<LeadKindName, { lead: LeadKind; plural: LeadPlural }>;

export function deskDeps(lead: LeadKind): DeskDeps {
  return {
    db: documentClient(),
    tables: { records: tableName(lead.table), audit: tableName("audit") },
    clock: systemClock,
  };
}

/** The desk's writers publish the lead.* events through the outbox (their functions may write it). */
export function withOutbox(deps: DeskDeps): DeskDeps {
  return { ...deps, tables: { ...deps.tables, outbox: tableName("outbox") } };
}

export const notFound = (what: string) => new HttpError(404, { error: `No such ${what}.` }, {}, "not_found");

/** A linked submission is worked on its lead (docs/decisions/0075). */
export const linkedRefusal = () =>
  new HttpError(
    409,
    { error: "This submission is linked to an open lead of the same address: work on that lead." },
    {},
    "linked_submission",
  );

/**
 * A lead the spam quarantine holds: no status but Spam, no owner and no reply until staff release it
 * with Not spam, which sends what it held and starts its clock (docs/decisions/0151).
 */
export const heldRefusal = () =>
  new HttpError(
    409,
    { error: "This lead is held as spam. Release it with Not spam on the Spam page first." },
    {},
    "held_as_spam",
  );

function leadIdOf(request: ApiRequest, what: string): string {
  const id = request.event.pathParameters?.id ?? "";
  if (id.length === 0 || id.length > 200) throw notFound(what);
  request.logFields.target = id.slice(0, 100);
  return id;
}

export const OWNER_REFUSALS = {
  unknown: "No such staff member",
  deactivated: "This staff member is deactivated: give the lead to an active member",
} as const;

/** The active staff member of that username, or a 400 naming the owner field. */
async function staffOwner(owner: string): Promise<string> {
  const username = staffKey(owner);
  const found = await documentClient().send(
    new GetCommand({
      TableName: tableName("users"),
      Key: { username },
      ProjectionExpression: "username, deactivatedAt",
      ConsistentRead: true,
    }),
  );
  if (!found.Item) throw invalidFields({ owner: OWNER_REFUSALS.unknown });
  // The owners list (GET /api/admin/desk/owners) offers active members only; so does the server.
  if (found.Item.deactivatedAt) throw invalidFields({ owner: OWNER_REFUSALS.deactivated });
  return username;
}

/** POST /api/admin/desk/update: status and/or owner of up to 100 leads of one kind. */
export function deskUpdateHandler() {
  return httpApi(
    { route: "POST /api/admin/desk/update", extraMiddlewares: [requireSession()] },
    async (request) => {
      const input = validateBody(request, DeskUpdateRequest);
      const actor = signedInSession(request).username;
      const owner = input.owner ? await staffOwner(input.owner) : input.owner;
      const { lead } = KINDS[input.kind];
      request.logFields.count = input.ids.length;
      const result = await changeLeads(
        withOutbox(deskDeps(lead)),
        lead,
        input.ids,
        {
          ...(input.status ? { status: input.status } : {}),
          ...(input.lostReason ? { lostReason: input.lostReason } : {}),
          ...(owner !== undefined ? { owner } : {}),
        },
        actor,
      );
      // Nothing changed: the refusal of what was asked (a held lead's when every one was held).
      if (result.updated.length === 0 && result.held.length > 0 && result.linked.length === 0)
        throw heldRefusal();
      if (result.updated.length === 0 && result.linked.length > 0) throw linkedRefusal();
      if (result.updated.length === 0) throw notFound(lead.kind);
      return jsonResponse(200, result);
    },
  );
}

/** GET /api/admin/{plural}/{id}/timeline: the lead's timeline, oldest first. */
export function timelineHandler(kind: keyof typeof KINDS) {
  const { lead, plural } = KINDS[kind];
  return httpApi(
    { route: `GET /api/admin/${plural}/{id}/timeline`, extraMiddlewares: [requireSession()] },
    async (request) => {
      const deps = {
        ...deskDeps(lead),
        leadTables: { signup: tableName(SIGNUP_KIND.table), contact: tableName(CONTACT_KIND.table) },
      };
      const timeline = await leadTimeline(deps, lead, leadIdOf(request, lead.kind));
      if (!timeline) throw notFound(lead.kind);
      return jsonResponse(200, { timeline });
    },
  );
}

const NOTE_REFUSALS = {
  notAuthor: "Only the author can edit a note.",
  tooLate: "A note can be edited for 15 minutes after it was written.",
  notANote: "Only notes can be edited.",
} as const;

/** POST /api/admin/{plural}/{id}/notes: a new note, or with `noteId` an edit of one's own recent note. */
export function noteHandler(kind: keyof typeof KINDS) {
  const { lead, plural } = KINDS[kind];
  return httpApi(
    { route: `POST /api/admin/${plural}/{id}/notes`, extraMiddlewares: [requireSession()] },
    async (request) => {
      const id = leadIdOf(request, lead.kind);
      const { text, noteId } = validateBody(request, NoteRequest);
      const outcome = await writeNote(deskDeps(lead), lead, {
        id,
        text,
        actor: signedInSession(request).username,
        ...(noteId !== undefined ? { noteId } : {}),
      });
      if (outcome.ok) return jsonResponse(201, { entry: outcome.entry });
      if (outcome.reason === "notFound") throw notFound(noteId === undefined ? lead.kind : "note");
      throw new HttpError(403, { error: NOTE_REFUSALS[outcome.reason] }, {}, `note_${outcome.reason}`);
    },
  );
}

/** GET /api/admin/desk/owners: the active staff members a lead can be given to (owner pickers). */
export function ownersHandler() {
  return httpApi({ route: "GET /api/admin/desk/owners", extraMiddlewares: [requireSession()] }, async () => {
    const users = await new UsersRepository(documentClient(), tableName("users")).list();
    const owners = users.filter((user) => !user.deactivatedAt).map(staffUserViewOf);
    return jsonResponse(200, { owners });
  });
}

/** GET /api/admin/desk/stats: open and overdue leads, median first reply, share within the promise. */
export function deskStatsHandler() {
  return httpApi({ route: "GET /api/admin/desk/stats", extraMiddlewares: [requireSession()] }, async () => {
    const stats = await deskStats(
      documentClient(),
      Object.values(KINDS).map(({ lead }) => ({ lead, table: tableName(lead.table) })),
      stageCalendar(),
      systemClock(),
    );
    return jsonResponse(200, stats);
  });
}

// The functions of functions/registry.ts (`desk-routes.ts#<name>`), each marked pure so that a
// bundle keeps only the handler its entry re-exports.
export const signupsTimeline = /* @__PURE__ */ timelineHandler("signup");
export const contactsTimeline = /* @__PURE__ */ timelineHandler("contact");
export const signupsNotes = /* @__PURE__ */ noteHandler("signup");
export const contactsNotes = /* @__PURE__ */ noteHandler("contact");
export const deskOwners = /* @__PURE__ */ ownersHandler();
export const deskFigures = /* @__PURE__ */ deskStatsHandler();
export const deskUpdate = /* @__PURE__ */ deskUpdateHandler();
