// The auction in integration tests: a bidder with a saved shipping address, an admin's bid item
// (with a real bid-media upload) and the item's BidItem object.
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll } from "vitest";
import { applyServerMessage, type ServerMessage, type StateMessage, SYNC } from "../../app/kernel/protocols/bid-item";
import { parseServerMessage } from "../../app/kernel/protocols/bid-item-schema";
import type { BidItem } from "../../worker/domain/auction/bid-item";
import { call, type Member, signUp, signUpAdmin } from "./http";
import { PNG } from "./uploads";

export const ADDRESS = {
  recipientName: "Ada",
  streetAddress: "1 Main St",
  city: "Springfield",
  state: "IL",
  zipCode: "62701",
  country: "USA",
};

/** A new member with a saved shipping address, so their offers are accepted. */
export async function bidder() {
  const member = await signUp();
  const saved = await call("/api/shipping", { cookie: member.cookie, json: ADDRESS });
  if (saved.status !== 201) throw new Error(`shipping: ${saved.status} ${await saved.text()}`);
  return member;
}

/** A completed `bid-media` upload of a 1×1 PNG through the real protocol; its media id. */
export async function mediaUpload(cookie: string) {
  const signed = await (
    await call("/api/uploads", {
      cookie,
      json: { purpose: "bid-media", fileName: "lot.png", contentType: "image/png", size: PNG.byteLength },
    })
  ).json<any>();
  await call(new URL(signed.put.url).pathname, { method: "PUT", body: PNG, headers: signed.put.headers });
  const done = await (await call(`/api/uploads/${signed.uploadId}/complete`, { cookie, method: "POST" })).json<any>();
  return done.mediaId as string;
}

/** One bid item listed by the admin through the API (`item` overrides the draft's fields); its short code. */
export async function listItem(adminCookie: string, item: Record<string, unknown>) {
  const mediaId = await mediaUpload(adminCookie);
  const response = await call("/api/bid-items", {
    cookie: adminCookie,
    json: { items: [{ mediaIds: [mediaId], ...item }] },
  });
  if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
  return (await response.json<any>()).created[0].shortCode as string;
}

/** The item's BidItem object, for tests that look inside it. */
export function bidItemStub(code: string) {
  return env.BID_ITEM.get(env.BID_ITEM.idFromName(code)) as DurableObjectStub<BidItem>;
}

/** An offer through the public API, as the member whose cookie is given (none: a visitor). */
export function offer(code: string, amount: unknown, cookie?: string) {
  return call(`/api/bid-items/${code}/offers`, { cookie, json: { amount } });
}

/** The card of one item in the gallery's HTML. */
export function galleryCard(page: string, code: string) {
  const start = page.indexOf(`data-code="${code}"`);
  if (start < 0) throw new Error(`no card for ${code}`);
  const end = page.indexOf("</li>", start);
  return page.slice(start, end);
}

/** A member signed up before the file's tests (an admin if asked); `cookie` and `user` read once they exist. */
export function memberBeforeAll({ admin = false } = {}) {
  let member: Member | undefined;
  beforeAll(async () => {
    member = admin ? await signUpAdmin() : await signUp();
  });
  const current = () => {
    if (!member) throw new Error("memberBeforeAll() is read before its beforeAll ran");
    return member;
  };
  return {
    get cookie() {
      return current().cookie;
    },
    get user() {
      return current().user;
    },
  };
}

/** The test file's admin (see memberBeforeAll) and `list(item)`: an item they list, `defaults` filling the rest. */
export function auctionAdmin(defaults: Record<string, unknown>) {
  const admin = memberBeforeAll({ admin: true });
  return Object.assign(admin, {
    list: (item: Record<string, unknown>) => listItem(admin.cookie, { ...defaults, ...item }),
  });
}

/** What a watcher's page works with: the item's whole state (snapshot and deltas folded) and, on a member's sockets, `you`. */
export type Watched = StateMessage | Extract<ServerMessage, { type: "you" }>;

/**
 * A watcher of an item's live socket (a member's when a cookie is given; `headers` adds to the
 * upgrade), folding what it receives as the gallery does (`applyServerMessage`, a "sync" on a gap):
 * `frames` holds every frame as sent, `seen` the item's state after each snapshot or delta that
 * changed it (and every `you`), `until(done)` resolves with `seen` once one satisfies `done`.
 * `M` narrows what the socket receives (a visitor gets no `you`).
 */
export async function watchItem<M extends Watched = Watched>(
  code: string,
  cookie?: string,
  headers: Record<string, string> = {},
) {
  const response = await SELF.fetch(`http://localhost/api/bid-items/${code}/live`, {
    headers: { upgrade: "websocket", ...(cookie ? { cookie } : {}), ...headers },
  });
  const ws = response.webSocket!;
  const frames: string[] = [];
  const seen: M[] = [];
  let known: StateMessage | null = null;
  let syncs = 0;
  let check = () => {};
  ws.addEventListener("message", (e) => {
    frames.push(e.data as string);
    const message = parseServerMessage(e.data);
    if (!message) return;
    if (message.type === "you") seen.push(message as M);
    else {
      const { view, sync } = applyServerMessage(known, message);
      if (sync) {
        syncs++;
        ws.send(SYNC);
      }
      if (view && view !== known) seen.push(view as M);
      known = view;
    }
    check();
  });
  ws.accept();
  return {
    ws,
    frames,
    seen,
    /** How many snapshots this watcher had to ask for (a gap in the deltas). */
    syncs: () => syncs,
    until: (done: (message: M) => boolean) =>
      new Promise<M[]>((resolve) => {
        check = () => {
          if (seen.some(done)) resolve(seen);
        };
        check();
      }),
  };
}
