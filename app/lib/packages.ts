// Seed 001 §9: the three service packages of the Services page (/editmedia).
export interface ServicePackage {
  id: "green" | "mission" | "odyssey";
  name: string;
  summary: string;
  contents: string[];
}

export const PACKAGES: readonly ServicePackage[] = [
  {
    id: "green",
    name: "Green",
    summary: "Short clips and stills to start a channel.",
    contents: ["3 video clips of 45 to 60 seconds", "3 static images", "Intro and outro graphics"],
  },
  {
    id: "mission",
    name: "Mission",
    summary: "One finished episode with its promotion.",
    contents: ["1 episode of 5 to 6 minutes", "1 clip", "3 images", "Graphics"],
  },
  {
    id: "odyssey",
    name: "Odyssey",
    summary: "Long-form productions.",
    contents: ["Longer videos (podcast, series, tutorials)", "3 images", "2 clips"],
  },
];

/** Seed 001 §9: the pause between closing one panel and opening another. */
export const PANEL_SWITCH_DELAY_MS = 200;
