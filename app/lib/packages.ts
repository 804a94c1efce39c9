// Seed 001 §9: the three service packages of the Services page (/editmedia), with what each costs
// (the seed names their contents; the prices are the studio's own list).
export interface ServicePackage {
  id: "green" | "mission" | "odyssey";
  name: string;
  summary: string;
  /** Who the package is for, under its name. */
  bestFor: string;
  /** The price in cents; `from` when the final price depends on the project. */
  priceCents: number;
  from?: boolean;
  /** What one price buys ("per package", "per episode"…). */
  unit: string;
  contents: string[];
}

export const PACKAGES: readonly ServicePackage[] = [
  {
    id: "green",
    name: "Green",
    summary: "Short clips and stills to start a channel.",
    bestFor: "For a new channel",
    priceCents: 24_900,
    unit: "per package",
    contents: ["3 video clips of 45 to 60 seconds", "3 static images", "Intro and outro graphics"],
  },
  {
    id: "mission",
    name: "Mission",
    summary: "One finished episode with its promotion.",
    bestFor: "For one episode, ready to publish",
    priceCents: 49_000,
    unit: "per episode",
    contents: ["1 episode of 5 to 6 minutes", "1 clip", "3 images", "Graphics"],
  },
  {
    id: "odyssey",
    name: "Odyssey",
    summary: "Long-form productions.",
    bestFor: "For a podcast, a series or tutorials",
    priceCents: 120_000,
    from: true,
    unit: "per project",
    contents: ["Longer videos (podcast, series, tutorials)", "3 images", "2 clips"],
  },
];

/** Seed 001 §9: the pause between closing one panel and opening another. */
export const PANEL_SWITCH_DELAY_MS = 200;

/** Where a package's call to action writes: the support address, the package named in the subject. */
export function bookingHref(pack: Pick<ServicePackage, "name">) {
  return `mailto:support@creatorplatform.app?subject=${encodeURIComponent(`${pack.name} package`)}`;
}
