// Licence tiers of a beat (issue 33, ADR 044). The product row keeps the
// seed's single licence as its default tier; a seller adds more tiers, each
// copied from a licence template (built in, or the seller's edited copy) and
// then its own: price, what it delivers, its terms. Buyers' orders freeze
// the tier they bought, so later edits never change a licence already sold.
import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import {
  BUILT_IN_TEMPLATES,
  isExclusiveTemplate,
  MAX_TIERS,
  TIER_NOT_FOUND,
  TIER_TEMPLATE_IDS,
  type TierPriceTerms,
  type TierTemplateValues,
  type TierValues,
  TOO_MANY_TIERS,
} from "../../../app/kernel/licence-tiers";
import { toCents } from "../../../app/kernel/schemas/money";
import { cartItems, licenceTemplates, type ProductTier, productTiers, type TierTemplate } from "../../db/schema";
import type { Deps } from "../deps";
import { Conflict, NotFound } from "../errors";
import { ownProduct, requireOnSale, storeChanged } from "./products";

export interface TierView {
  id: string;
  template: TierTemplate;
  name: string;
  priceCents: number;
  exclusive: boolean;
  formats: ProductTier["formats"];
  terms: ProductTier["terms"];
}

export const tierView = (tier: ProductTier): TierView => ({
  id: tier.id,
  template: tier.template,
  name: tier.name,
  priceCents: tier.priceCents,
  exclusive: tier.exclusive,
  formats: tier.formats,
  terms: tier.terms,
});

const fromForm = (values: TierValues): TierTemplateValues => ({
  name: values.name,
  priceCents: toCents(values.price),
  formats: values.formats,
  terms: values.terms,
});

/** The tiers on offer of these products, in the seller's order. */
export function listedTiersQuery(deps: Pick<Deps, "db">, productIds: string[]) {
  return deps.db
    .select()
    .from(productTiers)
    .where(and(inArray(productTiers.productId, productIds), isNull(productTiers.removedAt)))
    .orderBy(asc(productTiers.seqPos), asc(productTiers.createdAt));
}

export async function listedTiers(deps: Pick<Deps, "db">, productIds: string[]) {
  if (productIds.length === 0) return [];
  return listedTiersQuery(deps, productIds);
}

/** The seller's templates: their edited copy of each, else the built-in one. */
export async function listTemplates(deps: Pick<Deps, "db">, userId: string) {
  const saved = await deps.db.select().from(licenceTemplates).where(eq(licenceTemplates.userId, userId));
  return TIER_TEMPLATE_IDS.map((template) => {
    const own = saved.find((row) => row.template === template);
    const values: TierTemplateValues = own
      ? { name: own.name, priceCents: own.priceCents, formats: own.formats, terms: own.terms }
      : BUILT_IN_TEMPLATES[template];
    return { template, exclusive: isExclusiveTemplate(template), edited: Boolean(own), ...values };
  });
}

export async function saveTemplate(
  deps: Pick<Deps, "db" | "now">,
  userId: string,
  template: TierTemplate,
  values: TierValues,
) {
  const row = { ...fromForm(values), updatedAt: new Date(deps.now()) };
  await deps.db
    .insert(licenceTemplates)
    .values({ userId, template, ...row })
    .onConflictDoUpdate({ target: [licenceTemplates.userId, licenceTemplates.template], set: row });
  return (await listTemplates(deps, userId)).find((t) => t.template === template)!;
}

/** Sets the price and terms of the seller's template (its name and files stay): new tiers start from it. */
export async function saveTemplatePriceTerms(
  deps: Pick<Deps, "db" | "now">,
  userId: string,
  template: TierTemplate,
  values: TierPriceTerms,
) {
  const current = (await listTemplates(deps, userId)).find((t) => t.template === template)!;
  return saveTemplate(deps, userId, template, { name: current.name, formats: current.formats, ...values });
}

/** Adds a tier to the seller's own beat on sale, from a template (optionally changed in the form). */
export async function addTier(
  deps: Deps,
  userId: string,
  productId: string,
  input: { template: TierTemplate; values?: TierValues },
): Promise<TierView> {
  requireOnSale(await ownProduct(deps, userId, productId));
  const base = input.values
    ? fromForm(input.values)
    : (await listTemplates(deps, userId)).find((t) => t.template === input.template)!;
  const id = crypto.randomUUID();
  const listed = and(eq(productTiers.productId, productId), isNull(productTiers.removedAt));
  const [{ n } = { n: 0 }] = await deps.db.select({ n: count() }).from(productTiers).where(listed);
  if (n >= MAX_TIERS) throw new Conflict(TOO_MANY_TIERS);
  const [tier] = await deps.db
    .insert(productTiers)
    .values({
      id,
      productId,
      userId,
      template: input.template,
      name: base.name,
      priceCents: base.priceCents,
      exclusive: isExclusiveTemplate(input.template),
      formats: base.formats,
      terms: base.terms,
      seqPos: n + 1,
    })
    .returning();
  storeChanged(userId, productId);
  return tierView(tier!);
}

async function ownTier(deps: Deps, userId: string, productId: string, tierId: string) {
  requireOnSale(await ownProduct(deps, userId, productId));
  const [tier] = await deps.db
    .select()
    .from(productTiers)
    .where(
      and(
        eq(productTiers.id, tierId),
        eq(productTiers.productId, productId),
        eq(productTiers.userId, userId),
        isNull(productTiers.removedAt),
      ),
    );
  if (!tier) throw new NotFound(TIER_NOT_FOUND);
  return tier;
}

/** Changes a tier for future sales; licences already sold keep what they were sold with. */
export async function changeTier(deps: Deps, userId: string, productId: string, tierId: string, values: TierValues) {
  await ownTier(deps, userId, productId, tierId);
  const [tier] = await deps.db
    .update(productTiers)
    .set(fromForm(values))
    .where(eq(productTiers.id, tierId))
    .returning();
  storeChanged(userId, productId);
  return tierView(tier!);
}

/** Sets a tier's price and terms for future sales (its name and files stay); the same checks as `changeTier`. */
export async function changeTierPriceTerms(
  deps: Deps,
  userId: string,
  productId: string,
  tierId: string,
  values: TierPriceTerms,
) {
  await ownTier(deps, userId, productId, tierId);
  const [tier] = await deps.db
    .update(productTiers)
    .set({ priceCents: toCents(values.price), terms: values.terms })
    .where(eq(productTiers.id, tierId))
    .returning();
  storeChanged(userId, productId);
  return tierView(tier!);
}

/** Takes a tier off sale; carts holding it lose the beat (the buyer picks again). */
export async function removeTier(deps: Deps, userId: string, productId: string, tierId: string) {
  await ownTier(deps, userId, productId, tierId);
  await deps.db.batch([
    deps.db
      .update(productTiers)
      .set({ removedAt: new Date(deps.now()) })
      .where(eq(productTiers.id, tierId)),
    deps.db.delete(cartItems).where(eq(cartItems.tierId, tierId)),
  ]);
  storeChanged(userId, productId);
}
