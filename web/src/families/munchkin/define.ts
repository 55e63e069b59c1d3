// The id of a Munchkin card defined from the page (docs/cards.md "id"): its printed name in lower case,
// umlauts spelt out, "-" between words, as the catalogue's own ids. What else a definition carries
// (its kind's printed numbers) the judge describes (ListRulesets card_forms).

/** An id from a printed name: "Glibber-Golem" is "glibber-golem", "Schädelbräu" "schaedelbraeu". */
export function definitionId(name: string): Record<string, unknown> {
  const spelt = name.toLowerCase().replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue").replace(/ß/g, "ss")
    .normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  return { id: spelt.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 64) || "karte" };
}
