/**
 * A change set as Markdown for the approvers (the job summary): every resource change with its
 * action and replacement, and below it each property that changes with its value before and
 * after (describe-change-set --include-property-values), values cut to a readable length.
 */

interface Detail {
  readonly Target?: {
    readonly Attribute?: string;
    readonly Name?: string;
    readonly Path?: string;
    readonly RequiresRecreation?: string;
    readonly BeforeValue?: string;
    readonly AfterValue?: string;
    readonly AttributeChangeType?: string;
  };
  readonly ChangeSource?: string;
}

interface Change {
  readonly ResourceChange?: {
    readonly Action?: string;
    readonly LogicalResourceId?: string;
    readonly ResourceType?: string;
    readonly Replacement?: string;
    readonly ChangeSetId?: string;
    readonly Details?: readonly Detail[];
    readonly BeforeContext?: string;
    readonly AfterContext?: string;
  };
}

export interface ChangeSetDescription {
  readonly ChangeSetName?: string;
  readonly ChangeSetId?: string;
  readonly StackName?: string;
  readonly Description?: string;
  readonly Changes?: readonly Change[];
}

const MAX_VALUE = 300;

function shown(value: string | undefined): string {
  if (value === undefined) return "—";
  const flat = value.replace(/\s+/g, " ");
  const cut = flat.length > MAX_VALUE ? `${flat.slice(0, MAX_VALUE)}… (${flat.length} characters)` : flat;
  return `\`${cut.replaceAll("`", "'")}\``;
}

function cell(text: string): string {
  return text.replaceAll("|", "\\|");
}

export function changeSetMarkdown(changeSet: ChangeSetDescription): string {
  const lines = [
    `## ${changeSet.StackName}: change set ${changeSet.ChangeSetName}`,
    "",
    `${changeSet.Description ?? ""} — \`${changeSet.ChangeSetId}\``,
    "",
    "| action | resource | type | replacement | property | before | after |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const { ResourceChange: change } of changeSet.Changes ?? []) {
    if (!change) continue;
    const head = [
      change.Action ?? "",
      change.LogicalResourceId ?? "",
      change.ResourceType ?? "",
      change.Replacement ?? "",
    ];
    const details = (change.Details ?? []).filter((detail) => detail.Target);
    if (details.length === 0) lines.push(`| ${[...head, "", "", ""].map(cell).join(" | ")} |`);
    details.forEach((detail, index) => {
      const target = detail.Target ?? {};
      const property = target.Path ?? target.Name ?? target.Attribute ?? "";
      const row = index === 0 ? head : ["", "", "", ""];
      const recreation =
        target.RequiresRecreation && target.RequiresRecreation !== "Never"
          ? ` (recreation: ${target.RequiresRecreation})`
          : "";
      lines.push(
        `| ${[...row, `${property}${recreation}`].map(cell).join(" | ")} | ${cell(shown(target.BeforeValue))} | ${cell(shown(target.AfterValue))} |`,
      );
    });
  }
  if ((changeSet.Changes ?? []).length === 0) lines.push("| (no changes) | | | | | | |");
  return `${lines.join("\n")}\n`;
}
