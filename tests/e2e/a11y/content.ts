// What the scanned pages show: real lists, not only empty states, so the layout check and the tour
// see tables, cards, players and long names as users do. Made once per run through the API as the
// seeded accounts (a fresh e2e database each run). Long file names have no spaces on purpose:
// they are what widens a page. Add your area's content here and its ids to `Content`.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type APIRequestContext, type APIResponse, expect } from "@playwright/test";
import { picture } from "../art";
import { origin, uploadByApi } from "../fixtures";
import { makeClip } from "../media";
import { sound } from "../sound";

export interface Sessions {
  member: APIRequestContext;
  admin: APIRequestContext;
}

/** The ids the pages' addresses need. */
export interface Content {
  memberId: string;
  sellerId: string;
  productId: string;
  projectId: string;
  fileId: string;
  episodeId: string;
  showSlug: string;
  /** The show's newest episode: its playlist's spot is a program's ('Sponsor' in its chapters). */
  showEpisodeId: string;
  /** An open auction lot with a picture, an end date and the member's bid; a closed (sold) one. */
  lotCode: string;
  soldCode: string;
  /** The member's settled order (the checkout's thank-you). */
  orderId: string;
  /** The workspace program made a campaign on the newest episode, and its sponsor's share token. */
  campaignId: string;
  campaignShareToken: string;
}

const LONG = {
  files: ["late_night_drive_instrumental_140bpm_final_master.wav", "sunrise_over_the_barley_fields_ep12_intro.wav"],
  products: [
    ["late_night_drive_instrumental_140bpm_final_master.wav", "late_night_drive_hook_only_no_drums.wav"],
    ["sunrise_over_the_barley_fields_extended_mix_92bpm.wav", "sunrise_stems_drums_only_v3.wav"],
  ],
  spot: "harvest_supply_coop_sponsor_spot_q4_2026_30s_final_approved.wav",
} as const;

async function ok(response: Promise<APIResponse>, expected: number[]) {
  const answer = await response;
  expect(expected, `${answer.url()} answered ${answer.status()}: ${await answer.text()}`).toContain(answer.status());
  return answer.json().catch(() => ({}));
}

const headers = () => ({ origin: origin() });
const folder = mkdtempSync(join(tmpdir(), "content-"));

/** An auction lot with a picture, made by the admin; returns its short code. */
async function bidItem(admin: APIRequestContext, title: string, description: string, price: number, endsAt?: number) {
  const { mediaId } = await uploadByApi(
    admin,
    { purpose: "bid-media", fileName: "lot.jpg", contentType: "image/jpeg" },
    picture("still", title, 800, 600),
  );
  const created = (await ok(
    admin.post("/api/bid-items", {
      data: {
        items: [
          {
            title,
            description,
            price,
            mediaIds: [mediaId],
            ...(endsAt ? { endsAt: new Date(endsAt).toISOString() } : {}),
          },
        ],
      },
      headers: headers(),
    }),
    [201],
  )) as { created: { shortCode: string }[] };
  return created.created[0]!.shortCode;
}

async function userId(request: APIRequestContext) {
  return ((await (await request.get("/api/session")).json()) as { user: { id: string } }).user.id;
}

/** Auction: open and closed items with offers in the gallery and the admin's lists, and a pending member item. */
async function auction({ member, admin }: Sessions) {
  const code = await bidItem(
    admin,
    "Vintage ribbon microphone from the old studio, with its original case",
    "Warm, dark and quiet; serviced this year. Shipping within the USA included.",
    40,
    Date.now() + 2 * 86_400_000 + 3 * 3_600_000,
  );
  const sold = await bidItem(
    admin,
    "Studio headphones",
    "Closed-back, barely used, with a spare pair of ear pads.",
    25,
  );
  await ok(
    member.post("/api/shipping", {
      data: {
        recipientName: "Demo Member",
        streetAddress: "1 Main St",
        city: "Springfield",
        state: "IL",
        zipCode: "62701",
        country: "USA",
      },
      headers: headers(),
    }),
    [200, 201, 409],
  );
  // A lot with a video and an audio file as well as its picture: the card's media strip and its players.
  const media = [
    { fileName: "lot.jpg", contentType: "image/jpeg", bytes: picture("still", "Reel-to-reel tape machine", 800, 600) },
    {
      fileName: "reel_to_reel_tape_machine_walkthrough_and_test_recording.mp4",
      contentType: "video/mp4",
      bytes: readFileSync(makeClip(folder, "lot-walkthrough.mp4", 2)),
    },
    {
      fileName: "reel_to_reel_tape_machine_demo_recording_side_a.wav",
      contentType: "audio/wav",
      bytes: sound("beat", "side a"),
    },
  ];
  const mediaIds: string[] = [];
  for (const { bytes, ...file } of media) {
    mediaIds.push((await uploadByApi(admin, { purpose: "bid-media", ...file }, bytes)).mediaId!);
  }
  await ok(
    admin.post("/api/bid-items", {
      data: {
        items: [
          {
            title: "Reel-to-reel tape machine",
            description: "Records and plays; watch the walkthrough and hear side A.",
            price: 120,
            mediaIds,
          },
        ],
      },
      headers: headers(),
    }),
    [201],
  );
  await ok(member.post(`/api/bid-items/${code}/offers`, { data: { amount: 45 }, headers: headers() }), [200, 201]);
  await ok(member.post(`/api/bid-items/${sold}/offers`, { data: { amount: 30 }, headers: headers() }), [200, 201]);
  await ok(admin.post(`/api/bid-items/${sold}/close`, { headers: headers() }), [200]);
  await ok(
    member.post("/api/member-items", {
      data: { title: "Signed vinyl", description: "A member's item awaiting review", price: 30 },
      headers: headers(),
    }),
    [200, 201],
  );
  // A member's item the admin approved: listed without a picture, so the gallery shows its generated cover.
  const approved = (await ok(
    member.post("/api/member-items", {
      data: { title: "Handmade guitar strap", description: "Leather, stitched by hand.", price: 18 },
      headers: headers(),
    }),
    [200, 201],
  )) as { item?: { id: string } };
  if (approved.item)
    await ok(admin.post(`/api/member-items/${approved.item.id}/approve`, { headers: headers() }), [200]);
  return { lotCode: code, soldCode: sold };
}

/** A product with a cover and two audio files with long names, through the store's API. */
async function product(
  seller: APIRequestContext,
  title: string,
  fileNames: readonly [string, string],
  {
    price,
    accessType = "public-read",
    details,
    tiers = [],
  }: {
    price: number;
    accessType?: string;
    /** BPM, key, genre, mood and tags, as the seller sets them in /digimanager. */
    details?: { bpm: number; musicalKey: string; genre: string; mood: string; tags: string[] };
    /** Licence templates added as tiers ("mp3-lease", "wav-lease"…). */
    tiers?: string[];
  },
) {
  const first = await uploadByApi(
    seller,
    { purpose: "product-audio", fileName: fileNames[0], contentType: "audio/wav" },
    sound("beat", fileNames[0]),
  );
  const productId = first.productId!;
  const second = await uploadByApi(
    seller,
    { purpose: "product-audio", fileName: fileNames[1], contentType: "audio/wav", productId },
    sound("beat", fileNames[1]),
  );
  const cover = await uploadByApi(
    seller,
    { purpose: "product-cover", fileName: "cover.jpg", contentType: "image/jpeg", productId },
    picture("album", title),
  );
  await ok(
    seller.post("/api/products", {
      headers: headers(),
      data: {
        productId,
        title,
        description: "Warm keys, a rolling 808 and room for a hook. Stems included; tagged previews.",
        price,
        quantity: 5,
        licenseType: "non-exclusive",
        accessType,
        coverUploadId: cover.uploadId,
        audioUploadIds: [first.uploadId, second.uploadId],
      },
    }),
    [201],
  );
  if (details)
    await ok(seller.put(`/api/products/${productId}/details`, { data: details, headers: headers() }), [200, 204]);
  for (const template of tiers)
    await ok(seller.post(`/api/products/${productId}/tiers`, { data: { template }, headers: headers() }), [201]);
  return productId;
}

/**
 * A settled order, so Purchases and Downloads list an item with its licence terms: the cart holds
 * only `productId` while it is paid with the test provider. Checkouts are limited per buyer (10 in
 * 10 minutes) and the checkout journeys spend the member's: refused, the pages show the journeys' orders.
 */
async function purchase(buyer: APIRequestContext, productId: string) {
  await ok(buyer.post("/api/cart/items", { data: { productId }, headers: headers() }), [201, 409]);
  const started = (await ok(buyer.post("/api/checkout", { data: {}, headers: headers() }), [201, 429])) as {
    clientSecret?: string;
  };
  if (!started.clientSecret) return;
  await ok(
    buyer.post("/api/payments/test/confirm", {
      data: {
        clientSecret: started.clientSecret,
        card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Demo Member" },
      },
      headers: headers(),
    }),
    [200],
  );
}

/** The admin's store with two products, one in the member's cart; the member's own store, one of its products in the admin's cart. */
async function store({ member, admin }: Sessions) {
  const productId = await product(admin, "Late Night Drive (140 BPM)", LONG.products[0], {
    price: 149,
    details: { bpm: 140, musicalKey: "F# minor", genre: "Trap", mood: "Dark", tags: ["808", "night drive"] },
    tiers: ["mp3-lease", "wav-lease"],
  });
  const bought = await product(admin, "Sunrise Over The Barley Fields (Extended Mix)", LONG.products[1], {
    price: 29.99,
    details: { bpm: 92, musicalKey: "D major", genre: "Lo-fi", mood: "Warm", tags: ["chill"] },
  });
  await purchase(member, bought);
  await ok(member.post("/api/cart/items", { data: { productId }, headers: headers() }), [201, 409]);
  const own = await product(member, "Demo beat, public", ["demo_beat_public_version_final.wav", "demo_beat_hook.wav"], {
    price: 5,
  });
  await product(member, "Demo beat, private draft", ["demo_beat_private_draft.wav", "demo_beat_alt.wav"], {
    price: 5,
    accessType: "private",
  });
  // The admin buys from the member in the 'Proceed to Payment' state: checkouts are limited per buyer
  // (10 in 10 minutes), and the checkout journeys spend the member's.
  await ok(admin.post("/api/cart/items", { data: { productId: own }, headers: headers() }), [201, 409]);
  return { sellerId: await userId(admin), productId };
}

/** A project with two long-named audio files, its playlist, a program and a render of the playlist. */
async function workspace({ member }: Sessions) {
  const first = await uploadByApi(
    member,
    { purpose: "project-file", fileName: LONG.files[0], contentType: "audio/wav", projectTitle: "Episode 12" },
    sound("beat", LONG.files[0]),
  );
  const projectId = first.projectId!;
  const second = await uploadByApi(
    member,
    { purpose: "project-file", fileName: LONG.files[1], contentType: "audio/wav", projectId },
    sound("speech", LONG.files[1]),
  );
  await ok(
    member.post(`/api/projects/${projectId}/playlist/items`, {
      data: { fileIds: [first.fileId, second.fileId] },
      headers: headers(),
    }),
    [201],
  );
  const { program } = (await ok(
    member.post("/api/programs", {
      data: { title: "Autumn sponsor spots for the barley fields series (regional, Q4)", accessType: "private" },
      headers: headers(),
    }),
    [201],
  )) as { program: { id: string } };
  // The spot that replaces slot b: the program's file, and its application to the playlist.
  await uploadByApi(
    member,
    {
      purpose: "program-file",
      fileName: LONG.spot,
      contentType: "audio/wav",
      programId: program.id,
      slotPosition: "b",
    },
    sound("spot", LONG.spot),
  );
  const playlist = (await ok(member.get(`/api/projects/${projectId}/playlist`), [200])) as { id: string };
  await ok(
    member.post("/api/program-applications", {
      data: { programId: program.id, playlistIds: [playlist.id] },
      headers: headers(),
    }),
    [200, 201],
  );
  await ok(member.post("/api/renders", { data: { playlistIds: [playlist.id] }, headers: headers() }), [202]);
  return { projectId, fileId: first.fileId!, playlistId: playlist.id };
}

/** A playlist of a cold open and an interview (speech) in a new project, for an episode of the show. */
async function talkPlaylist(member: APIRequestContext, title: string, names: [string, string]) {
  const first = await uploadByApi(
    member,
    { purpose: "project-file", fileName: names[0], contentType: "audio/wav", projectTitle: title },
    sound("spot", names[0]),
  );
  const second = await uploadByApi(
    member,
    { purpose: "project-file", fileName: names[1], contentType: "audio/wav", projectId: first.projectId! },
    sound("speech", names[1]),
  );
  await ok(
    member.post(`/api/projects/${first.projectId}/playlist/items`, {
      data: { fileIds: [first.fileId, second.fileId] },
      headers: headers(),
    }),
    [201],
  );
  return ((await ok(member.get(`/api/projects/${first.projectId}/playlist`), [200])) as { id: string }).id;
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * A show of the member's with an invitation waiting, so its team page lists someone (ADR 054), and
 * three episodes a week apart: the newest is the workspace's playlist, whose spot a program filled
 * (its chapter reads 'Sponsor') and whose first chapter the creator named.
 */
async function show({ member }: Sessions, workspace: { projectId: string; playlistId: string }) {
  const slug = "field-notes-from-the-farm";
  const mine = (await ok(member.get("/api/shows"), [200])) as { shows: { id: string; slug: string }[] };
  // A second run on the same database finds the show it made, and its newest episode on its page.
  if (mine.shows.some((s) => s.slug === slug)) {
    const html = await (await member.get(`/shows/${slug}`)).text();
    return { showSlug: slug, showEpisodeId: new RegExp(`/shows/${slug}/episodes/([\\w-]+)`).exec(html)?.[1] ?? "" };
  }
  // Square artwork of 1400 px, as podcast directories ask for.
  const artwork = await uploadByApi(
    member,
    { purpose: "show-artwork", fileName: "artwork.jpg", contentType: "image/jpeg" },
    picture("landscape", "Field notes from the farm", 1400, 1400),
  );
  const created = (await ok(
    member.post("/api/shows", {
      data: {
        artworkUploadId: artwork.uploadId,
        title: "Field notes from the farm",
        slug,
        description:
          "Weekly conversations with growers, recorded in the fields: what they planted, what the weather did, and what they would do differently next year.",
        author: "Demo Member",
        category: "Leisure",
        language: "en",
        explicit: false,
      },
      headers: headers(),
    }),
    [201],
  )) as { show: { id: string } };
  await ok(
    member.post(`/api/shows/${created.show.id}/invitations`, {
      data: { email: "producer.with.a.long.address@example.com", role: "editor" },
      headers: headers(),
    }),
    [201],
  );
  const older = [
    await talkPlaylist(member, "Episode 10", ["seed_swap_cold_open.wav", "seed-swap-interview-part-1.wav"]),
    await talkPlaylist(member, "Episode 11", ["rain_gauge_intro.wav", "rain-gauge-walk-and-talk.wav"]),
  ];
  const episodes = [
    {
      playlistId: older[0]!,
      title: "Seed swaps and the varieties worth saving",
      season: 2,
      episodeNumber: 10,
      ago: 14,
    },
    { playlistId: older[1]!, title: "What the rain gauge told us this spring", season: 2, episodeNumber: 11, ago: 7 },
    {
      playlistId: workspace.playlistId,
      title: "Barley at sunrise: a harvest morning with the Okafor family",
      season: 2,
      episodeNumber: 12,
      ago: 2,
    },
  ];
  let newest = "";
  for (const { ago, ...episode } of episodes) {
    const published = (await ok(
      member.post(`/api/shows/${created.show.id}/episodes`, {
        data: {
          ...episode,
          description:
            "We walk the rows before the combine starts, talk through moisture readings and the price of diesel, and hear why this field was sown a fortnight late.",
          publishAt: new Date(Date.now() - ago * DAY).toISOString(),
        },
        headers: headers(),
      }),
      [201],
    )) as { episode: { id: string } };
    newest = published.episode.id;
  }
  // The creator names the newest episode's opening chapter; the program's spot stays unnamed ('Sponsor').
  const playlist = (await ok(member.get(`/api/projects/${workspace.projectId}/playlist`), [200])) as {
    items: { id: string }[];
  };
  await ok(
    member.put(`/api/playlist-items/${playlist.items[0]!.id}/chapter`, {
      data: { title: "Cold open" },
      headers: headers(),
    }),
    [200],
  );
  return { showSlug: slug, showEpisodeId: newest };
}

/** A FarmerTV episode (a real two-second clip) with a cover. */
async function episode({ member }: Sessions) {
  // An earlier episode first, so the newest one's page lists it under 'More episodes'.
  await publishEpisode(member, {
    file: "milking_shed_morning_routine_episode_11.mp4",
    title: "Morning in the milking shed",
    description: "How the herd is milked before the sun is up, and what happens to the milk next.",
  });
  return publishEpisode(member, {
    file: "barley_fields_walkthrough_episode_12_final_cut.mp4",
    title: "Walking the barley fields before harvest",
    description: "A short walk through the fields with the farm's head grower, recorded at sunrise.",
  });
}

async function publishEpisode(
  member: Sessions["member"],
  { file, title, description }: { file: string; title: string; description: string },
) {
  const clip = readFileSync(makeClip(folder, file, 2));
  const video = await uploadByApi(member, { purpose: "episode-video", fileName: file, contentType: "video/mp4" }, clip);
  const cover = await uploadByApi(
    member,
    { purpose: "episode-cover", fileName: "cover.jpg", contentType: "image/jpeg" },
    picture("landscape", title, 800, 450),
  );
  const created = (await ok(
    member.post("/api/episodes", {
      data: { title, description, videoUploadId: video.uploadId, coverUploadId: cover.uploadId },
      headers: headers(),
    }),
    [201],
  )) as { episode: { id: string } };
  return created.episode.id;
}

/**
 * The battle's prize (a long one, as the page must wrap it) and the member's entry (one per producer:
 * a second run on the same database keeps the first).
 */
async function battleEntry({ member, admin }: Sessions) {
  const battle = (await ok(member.get("/api/beat-battle"), [200])) as {
    entered: boolean;
    battle: { open: boolean; title: string; deadline: string };
  };
  await ok(
    admin.put("/api/admin/beat-battle", {
      data: {
        title: battle.battle.title,
        deadline: battle.battle.deadline,
        prize: "$500, a mastering session at Northside Studios and a feature on the FarmerTV episode of the month",
      },
      headers: headers(),
    }),
    [200],
  );
  if (battle.entered || !battle.battle.open) return;
  const audio = await uploadByApi(
    member,
    { purpose: "beat-audio", fileName: "harvest_moon_battle_entry_96bpm_mastered.wav", contentType: "audio/wav" },
    sound("beat", "Harvest Moon"),
  );
  const cover = await uploadByApi(
    member,
    { purpose: "beat-cover", fileName: "cover.jpg", contentType: "image/jpeg" },
    picture("album", "Harvest Moon"),
  );
  await ok(
    member.post("/api/beat-battle/entries", {
      data: {
        projectTitle: "Harvest Moon",
        producerName: "Demo Member",
        location: "Springfield",
        audioUploadIds: [audio.uploadId],
        coverUploadId: cover.uploadId,
      },
      headers: headers(),
    }),
    [201],
  );
}

/** A confirmed donation with the donor's name, amount and message on the wall (the test provider). */
async function donation({ member }: Sessions) {
  const response = member.post("/api/fundraiser/donations", {
    data: {
      preset: "25",
      email: "demo@creatorplatform.app",
      donorName: "Demo Member",
      message: "For the new field recorder. Keep the episodes coming!",
      showName: true,
      showAmount: true,
    },
    headers: headers(),
  });
  // A second run on the same database may meet the per-e-mail limit: its earlier donation is on the wall.
  const started = (await ok(response, [201, 429])) as { clientSecret?: string };
  if (!started.clientSecret) return;
  await ok(
    member.post("/api/payments/test/confirm", {
      data: {
        clientSecret: started.clientSecret,
        card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Demo Member" },
      },
      headers: headers(),
    }),
    [200],
  );
}

/**
 * A sponsor's program sold as a campaign on the show, starting next week (so the show's episodes
 * keep what the other pages show), with a share link for the sponsor.
 */
async function campaign({ member }: Sessions, showSlug: string) {
  const listed = (await ok(member.get("/api/campaigns"), [200])) as { campaigns: { id: string }[] };
  const { shows } = (await ok(member.get("/api/shows"), [200])) as { shows: { id: string; slug: string }[] };
  const showId = shows.find((s) => s.slug === showSlug)!.id;
  const programId = async () => {
    const { program } = (await ok(
      member.post("/api/programs", {
        data: { title: "Harvest Supply Co-op sponsorship, winter quarter", accessType: "private" },
        headers: headers(),
      }),
      [201],
    )) as { program: { id: string } };
    await uploadByApi(
      member,
      {
        purpose: "program-file",
        fileName: LONG.spot,
        contentType: "audio/wav",
        programId: program.id,
        slotPosition: "b",
      },
      sound("spot", "Harvest Supply Co-op, winter"),
    );
    return program.id;
  };
  const id =
    listed.campaigns[0]?.id ??
    (
      (await ok(
        member.post("/api/campaigns", {
          data: {
            programId: await programId(),
            sponsorName: "Harvest Supply Co-operative of the Northern Barley Growers",
            sponsorEmail: "partnerships.and.sponsorships@harvest-supply-coop.example.com",
            goalImpressions: 25000,
            cpm: "18.50",
            startsAt: new Date(Date.now() + 7 * DAY).toISOString(),
            endsAt: new Date(Date.now() + 37 * DAY).toISOString(),
            showIds: [showId],
          },
          headers: headers(),
        }),
        [201],
      )) as { campaign: { id: string } }
    ).campaign.id;
  const { shareLink } = (await ok(member.post(`/api/campaigns/${id}/share-links`, { headers: headers() }), [201])) as {
    shareLink: { token: string };
  };
  return { campaignId: id, campaignShareToken: shareLink.token };
}

export async function makeContent(sessions: Sessions): Promise<Content> {
  const { lotCode, soldCode } = await auction(sessions);
  const { sellerId, productId } = await store(sessions);
  const { projectId, fileId, playlistId } = await workspace(sessions);
  const episodeId = await episode(sessions);
  const { showSlug, showEpisodeId } = await show(sessions, { projectId, playlistId });
  const { campaignId, campaignShareToken } = await campaign(sessions, showSlug);
  await battleEntry(sessions);
  await donation(sessions);
  // The member's newest settled order: this run's purchase, or a journey's when checkouts were limited.
  const { purchases } = (await ok(sessions.member.get("/api/purchases"), [200])) as { purchases: { id: string }[] };
  const orderId = purchases[0]?.id ?? "none";
  return {
    memberId: await userId(sessions.member),
    sellerId,
    productId,
    projectId,
    fileId,
    episodeId,
    showSlug,
    showEpisodeId,
    lotCode,
    soldCode,
    orderId,
    campaignId,
    campaignShareToken,
  };
}
