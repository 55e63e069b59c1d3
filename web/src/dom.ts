// Small DOM helpers and how a ruling (a refusal's, a re-check's) is shown.
import { Code, ConnectError } from "@connectrpc/connect";
import { BadRequestSchema, ErrorInfoSchema, LocalizedMessageSchema } from "../gen/google/rpc/error_details_pb";
import { LANG, W } from "./words";

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, attrs: Record<string, string> = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** An element with a class and children. */
export function box<K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, ...children: (Node | string)[]) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  node.append(...children);
  return node;
}

/** A number that matters, large, with its label under it. */
export function stat(label: string, value: string, testid = ""): HTMLElement {
  const node = box("div", "stat", box("b", "", value), box("small", "", label));
  if (testid) node.querySelector("b")!.setAttribute("data-testid", testid);
  return node;
}

/** What the page shows of a ruling: the judge's Ruling message or a refusal's ErrorInfo. */
export type RulingText = {
  ruleId: string; source: string; section: string; quote: string; explanation: string; legalWhen: string;
};

/** The ruling a FAILED_PRECONDITION carries (ErrorInfo + LocalizedMessage, judge/server/errors.py). */
export function rulingOf(error: ConnectError): RulingText | null {
  if (error.code !== Code.FailedPrecondition) return null;
  const info = error.findDetails(ErrorInfoSchema).find((i) => i.domain === "judge");
  if (!info) return null;
  const localized = error.findDetails(LocalizedMessageSchema).find((m) => m.locale === LANG);
  const meta = info.metadata;
  return {
    ruleId: info.reason, source: meta.source ?? "", section: meta.section ?? "", quote: meta.quote ?? "",
    explanation: localized?.message ?? error.rawMessage, legalWhen: meta.legal_when ?? "",
  };
}

export function rulingBox(ruling: RulingText, lead: string): HTMLElement {
  const box = el("div", undefined, { "data-testid": "ruling", "data-rule-id": ruling.ruleId, class: "ruling" });
  box.append(el("p", `${lead} ${ruling.explanation}`, { "data-testid": "explanation" }));
  box.append(el("p", `${ruling.source} · „${ruling.section}“`, { "data-testid": "citation", class: "cite", title: ruling.ruleId }));
  if (ruling.quote) box.append(el("blockquote", ruling.quote));
  if (ruling.legalWhen) box.append(el("p", `${W.legalWhen}: ${ruling.legalWhen}`, { "data-testid": "legal-when" }));
  return box;
}

/** Any failed call, shown as the judge answered it: a ruling, the fields of a malformed request, or the message. */
export function errorBox(e: unknown): HTMLElement {
  const error = ConnectError.from(e);
  const ruling = rulingOf(error);
  if (ruling) return rulingBox(ruling, W.refused);
  const box = el("div", undefined, { "data-testid": "error", "data-code": Code[error.code] ?? String(error.code),
                                     class: "ruling" });
  const fields = error.findDetails(BadRequestSchema).flatMap((b) => b.fieldViolations);
  if (fields.length) {
    for (const f of fields) box.append(el("p", `${W.invalid} ${f.description}`, { title: f.field }));
  } else {
    box.append(el("p", `${W.invalid} ${error.rawMessage}`));
  }
  return box;
}

/** A command id no other command of the game shares (crypto.getRandomValues works on plain http too). */
export function commandId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return "web-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
