// Listeners read editorial chapter titles, never the producer's file-naming noise (review 2026-12-05c #5).
import { describe, expect, it } from "vitest";
import { editorialTitle } from "./chapter-title";

describe("editorialTitle", () => {
  it("cleans the names the demo content uploads", () => {
    const cases: [string, string][] = [
      ["sunrise_over_the_barley_fields_ep12_intro.wav", "Sunrise over the barley fields — intro"],
      ["late_night_drive_instrumental_140bpm_final_master.wav", "Late night drive instrumental"],
      ["late_night_drive_hook_only_no_drums.wav", "Late night drive hook only no drums"],
      ["sunrise_over_the_barley_fields_extended_mix_92bpm.wav", "Sunrise over the barley fields extended mix"],
      ["sunrise_stems_drums_only_v3.wav", "Sunrise stems drums only"],
      ["harvest_supply_coop_sponsor_spot_q4_2026_30s_final_approved.wav", "Harvest supply coop sponsor spot"],
      ["seed_swap_cold_open.wav", "Seed swap cold open"],
      ["seed-swap-interview-part-1.wav", "Seed swap interview part 1"],
      ["rain_gauge_intro.wav", "Rain gauge intro"],
      ["rain-gauge-walk-and-talk.wav", "Rain gauge walk and talk"],
      ["milking_shed_morning_routine_episode_11.mp4", "Milking shed morning routine"],
      ["barley_fields_walkthrough_episode_12_final_cut.mp4", "Barley fields walkthrough"],
      ["harvest_moon_battle_entry_96bpm_mastered.wav", "Harvest moon battle entry"],
      ["reel_to_reel_tape_machine_demo_recording_side_a.wav", "Reel to reel tape machine demo recording side a"],
      ["demo_beat_public_version_final.wav", "Demo beat public version"],
      ["demo_beat_private_draft.wav", "Demo beat private draft"],
      ["lot-walkthrough.mp4", "Lot walkthrough"],
    ];
    for (const [name, title] of cases) expect(editorialTitle(name), name).toBe(title);
  });

  it("drops episode codes, takes, mix numbers, lengths, quarter stamps and dates wherever they stand", () => {
    expect(editorialTitle("s01e03_cold_open.mp3")).toBe("Cold open");
    expect(editorialTitle("E12-Interview.mp3")).toBe("Interview");
    expect(editorialTitle("intro_take_3.mp3")).toBe("Intro");
    expect(editorialTitle("outro_take3_mix_2.mp3")).toBe("Outro");
    expect(editorialTitle("promo_1m30s_v1.2.mp3")).toBe("Promo");
    expect(editorialTitle("interview_2026_12_05_rough_cut.mp3")).toBe("Interview");
    expect(editorialTitle("spot_2026q4_60_sec.mp3")).toBe("Spot");
    expect(editorialTitle("beat_140_bpm.wav")).toBe("Beat");
    expect(editorialTitle("news_20261205_v2_weather.mp3")).toBe("News — weather");
  });

  it("keeps what is editorial: years on their own, parts, the creator's capitals", () => {
    expect(editorialTitle("1767000000000-Ab12Cd-ad_spot--winter__2026.mp3")).toBe("Ad spot winter 2026");
    expect(editorialTitle("Interview with Ada.wav")).toBe("Interview with Ada");
    expect(editorialTitle("spring_spot-v2.mp4")).toBe("Spring spot");
    expect(editorialTitle("Spring_Spot-v2.mp4")).toBe("Spring Spot");
    expect(editorialTitle("BBC_SESSION_TAKE_2.wav")).toBe("Bbc session");
    expect(editorialTitle("the_1990s_mixtape.mp3")).toBe("The 1990s mixtape");
    expect(editorialTitle("extended_mix.mp3")).toBe("Extended mix");
  });

  it("a name that is all noise keeps its words; never empty; at most 100 characters", () => {
    expect(editorialTitle("final_v3.wav")).toBe("Final v3");
    expect(editorialTitle("ep12.mp3")).toBe("Ep12");
    expect(editorialTitle("___.mp3")).toBe("___.mp3");
    expect(editorialTitle(`${"long_".repeat(40)}name.mp3`)).toHaveLength(100);
  });
});
