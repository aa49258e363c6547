/**
 * A lead listing's request and answer, and the table it reads (functions/leads/lead-query.ts
 * answers it).
 */
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { FacetValues, LeadKind } from "../model/lead-kinds";
import type { DeskFilter } from "./desk-filter";
import type { Cursor } from "./lead-cursor";

export const MAX_PAGE_SIZE = 100;

export interface LeadQuery {
  readonly q?: string;
  readonly facets?: Partial<FacetValues>;
  readonly desk?: DeskFilter;
  readonly limit: number;
  readonly cursor?: Cursor;
}

export interface LeadPage<R> {
  readonly records: R[];
  readonly nextCursor?: string;
  /** Every record of this kind. */
  readonly total: number;
  /** Records matching the search and filters (a lower bound when `matchedAtLeast`). */
  readonly matched: number;
  readonly matchedAtLeast?: boolean;
}

/** The table one kind of lead is listed from. */
export interface LeadTable {
  readonly db: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly lead: LeadKind;
}

/** The records a page holds at most: the query's limit as a whole number within bounds. */
export function pageLimit(query: LeadQuery): number {
  return Math.min(Math.max(1, Math.floor(query.limit)), MAX_PAGE_SIZE * 20);
}

/** The facet values the query filters on, in the order of the kind's facets. */
export function activeFacets(lead: LeadKind, facets: Partial<FacetValues> = {}): [string, string][] {
  return lead.facets.flatMap((facet) => (facets[facet] ? [[facet, facets[facet] as string]] : [])) as [
    string,
    string,
  ][];
}
