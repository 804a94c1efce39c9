// One Durable Object per auction bid item, named by its short code. It owns
// the item's price, state and offers in its SQLite storage. An offer is
// checked and written in one synchronous block (no `await` between read and
// write), so the object's input gate serialises concurrent offers: none is
// lost, none accepted below the price it raced with. That block is all an
// offer's answer waits for: the D1 write-through is sent right after it
// without being awaited (the row stays `dirty`, with an alarm behind it, until
// D1 has the version), and watchers (hibernating WebSockets) get the new
// state in the next turn, after the answer has gone, one message per turn
// however many offers it covered.
import { DurableObject } from "cloudflare:workers";
import { encodeServerMessage, type ItemState, PING, PONG } from "../../../app/lib/protocols/bid-item";
import { OFFER_TOO_LOW, SOFT_CLOSE_MS } from "../../../app/lib/schemas/auction";

export type Bidder = {
  userId: string;
  username: string;
  email: string;
};

export type Offer = {
  id: number;
  userId: string;
  username: string;
  email: string;
  amountCents: number;
  status: "accepted" | "approved";
  createdAt: number;
};

export type OfferOutcome =
  | { ok: true; offerId: number; item: ItemState }
  | { ok: false; code: "NOT_FOUND" | "SALE_CLOSED" | "TOO_LOW"; message: string; item: ItemState | null };

const WRITE_THROUGH_RETRY_MS = 5_000;

/**
 * The watcher's upgrade answer agrees to no WebSocket extension (ADR 028, "Compression"). workerd
 * negotiates `Sec-WebSocket-Extensions` itself (MANUAL mode): a header on the Worker's 101 is the
 * server's own configuration, and one that names no permessage-deflate setting leaves nothing to
 * agree on, so the handshake answer carries no extension at all. (The documented "empty string"
 * reads as no header, and workerd then agrees to whatever the client offered, as browsers always
 * offer permessage-deflate.) Without it every state frame was deflated once per socket, each
 * socket kept a zlib context, and every receiver inflated it: for 5,000 watchers of one item
 * that was the larger part of a fan-out's CPU time, to save ~100 bytes a frame.
 */
const NO_EXTENSIONS = "none";

/** The object's answer to a watcher, as the Worker gives it to the client: the same socket, no compression. */
export function watcherAnswer(answer: Response): Response {
  if (!answer.webSocket) return answer;
  return new Response(null, {
    status: 101,
    webSocket: answer.webSocket,
    headers: { "Sec-WebSocket-Extensions": NO_EXTENSIONS },
  });
}

/** The item as the object's SQLite holds it, columns read under the protocol's names. */
type ItemRow = ItemState & { dirty: number };
const ITEM_COLUMNS =
  "short_code AS shortCode, title, price_cents AS priceCents, status, ends_at AS endsAt, version, dirty";
const OFFER_COLUMNS =
  "id, user_id AS userId, username, email, amount_cents AS amountCents, status, created_at AS createdAt";

export class BidItem extends DurableObject<Env> {
  /** Watchers sent to per turn of a broadcast (a test lowers it to see a broadcast span turns). */
  static broadcastSlice = 250;
  private readonly sql: SqlStorage;
  /** A broadcast is queued for the next turn (it sends whatever state is current then). */
  private broadcastQueued = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`
      CREATE TABLE IF NOT EXISTS item (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        short_code TEXT NOT NULL, title TEXT NOT NULL, price_cents INTEGER NOT NULL,
        status TEXT NOT NULL DEFAULT 'open', ends_at INTEGER, version INTEGER NOT NULL DEFAULT 0,
        dirty INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE IF NOT EXISTS offers (
        id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL, username TEXT NOT NULL, email TEXT NOT NULL,
        amount_cents INTEGER NOT NULL, status TEXT NOT NULL DEFAULT 'accepted', created_at INTEGER NOT NULL
      );
    `);
  }

  private row(): ItemRow | null {
    return this.sql.exec<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM item WHERE id = 1`).toArray()[0] ?? null;
  }

  private view({ dirty: _, ...item }: ItemRow): ItemState {
    return item;
  }

  /** Creates the item once; later calls return it unchanged. */
  async open(init: {
    shortCode: string;
    title: string;
    priceCents: number;
    endsAt: number | null;
  }): Promise<ItemState> {
    if (!this.row()) {
      this.sql.exec(
        "INSERT INTO item (id, short_code, title, price_cents, ends_at, version, dirty) VALUES (1, ?, ?, ?, ?, 1, 1)",
        init.shortCode,
        init.title,
        init.priceCents,
        init.endsAt,
      );
      if (init.endsAt) await this.ctx.storage.setAlarm(init.endsAt);
    }
    return this.view(this.row()!);
  }

  state(): ItemState | null {
    const row = this.row();
    return row ? this.view(row) : null;
  }

  async offer(bidder: Bidder, amountCents: number): Promise<OfferOutcome> {
    // ── one synchronous block: read, check, write ──
    const row = this.row();
    const now = Date.now();
    if (!row) return { ok: false, code: "NOT_FOUND", message: "This item does not exist.", item: null };
    if (row.status === "closed" || (row.endsAt !== null && now >= row.endsAt)) {
      return { ok: false, code: "SALE_CLOSED", message: "This sale is closed.", item: this.view(row) };
    }
    if (!(amountCents > row.priceCents))
      return { ok: false, code: "TOO_LOW", message: OFFER_TOO_LOW, item: this.view(row) };
    const endsAt = row.endsAt !== null && row.endsAt - now <= SOFT_CLOSE_MS ? row.endsAt + SOFT_CLOSE_MS : row.endsAt;
    // The alarm that soft-closes the sale, and the one that backs the write-through should this object
    // stop before D1 has the change (alarms run at least once). The object has one alarm: the earlier wins,
    // and alarm() sets the next. Set only when one of them is new, so most offers write no alarm.
    const backupAt = row.dirty ? null : now + WRITE_THROUGH_RETRY_MS;
    const alarmAt =
      endsAt !== row.endsAt || backupAt !== null ? Math.min(endsAt ?? Infinity, backupAt ?? Infinity) : null;
    const offerId = this.sql
      .exec<{ id: number }>(
        "INSERT INTO offers (user_id, username, email, amount_cents, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
        bidder.userId,
        bidder.username,
        bidder.email,
        amountCents,
        now,
      )
      .one().id;
    const item = this.view(
      this.sql
        .exec<ItemRow>(
          `UPDATE item SET price_cents = ?, ends_at = ?, version = version + 1, dirty = 1 WHERE id = 1 RETURNING ${ITEM_COLUMNS}`,
          amountCents,
          endsAt,
        )
        .one(),
    );
    // ── end of the synchronous block ──
    // Storage writes, the alarm's included, are confirmed before the answer leaves (output gate).
    if (alarmAt !== null && alarmAt !== Infinity) this.ctx.storage.setAlarm(alarmAt);
    this.ctx.waitUntil(this.writeThrough());
    this.queueBroadcast();
    return { ok: true, offerId, item };
  }

  async close(): Promise<ItemState | null> {
    const row = this.row();
    if (!row) return null;
    if (row.status === "open") {
      this.sql.exec("UPDATE item SET status = 'closed', version = version + 1, dirty = 1 WHERE id = 1");
      this.queueBroadcast();
      await this.writeThrough();
    }
    return this.view(this.row()!);
  }

  /** Only an offer the item accepted can be approved. */
  approveOffer(offerId: number): { ok: boolean; offer: Offer | null } {
    const offer = this.sql.exec<Offer>(`SELECT ${OFFER_COLUMNS} FROM offers WHERE id = ?`, offerId).toArray()[0];
    if (!offer) return { ok: false, offer: null };
    this.sql.exec("UPDATE offers SET status = 'approved' WHERE id = ?", offerId);
    return { ok: true, offer: { ...offer, status: "approved" } };
  }

  offers(): Offer[] {
    return this.sql.exec<Offer>(`SELECT ${OFFER_COLUMNS} FROM offers ORDER BY id`).toArray();
  }

  /** A call that does no work: the benchmark's baseline for a round trip to this object. */
  ping(): number {
    return 1;
  }

  // ── live watchers (hibernating WebSockets) ──

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket")
      return new Response("Expected a WebSocket", { status: 426 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    const item = this.state();
    if (item) server.send(encodeServerMessage({ type: "state", item }));
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    if (message === PING) ws.send(PONG);
  }

  async webSocketClose(ws: WebSocket, code: number) {
    ws.close(code === 1005 ? 1000 : code, "closing");
  }

  /** Sends the state to every watcher in the next turn, so a fan-out to thousands never delays an answer. */
  private queueBroadcast() {
    if (this.broadcastQueued) return;
    this.broadcastQueued = true;
    setTimeout(() => {
      this.broadcastQueued = false;
      const row = this.row();
      if (row) void this.broadcast(this.view(row));
    }, 0);
  }

  /**
   * Encodes the state once and sends it to every watcher, `broadcastSlice` sockets at a time with a
   * turn between slices: frames are written out only when the object yields, so the first watchers
   * get theirs while the rest are still being sent, and an offer arriving meanwhile is answered
   * between two slices instead of after the whole fan-out. A socket gets states in order: a newer
   * broadcast starts at the first socket while an older one is further along the same list.
   */
  private async broadcast(item: ItemState) {
    const message = encodeServerMessage({ type: "state", item });
    const sockets = this.ctx.getWebSockets();
    const slice = BidItem.broadcastSlice;
    for (let start = 0; start < sockets.length; start += slice) {
      if (start > 0) await new Promise((resolve) => setTimeout(resolve, 0));
      for (const ws of sockets.slice(start, start + slice)) {
        try {
          ws.send(message);
        } catch {
          // A socket closing under us: it will get webSocketClose.
        }
      }
    }
  }

  // ── soft close and write-through ──

  async alarm() {
    const row = this.row();
    if (!row) return;
    if (row.status === "open" && row.endsAt !== null) {
      if (Date.now() >= row.endsAt) await this.close();
      else await this.ctx.storage.setAlarm(row.endsAt);
    }
    if (this.row()!.dirty) await this.writeThrough();
  }

  /**
   * Copies the current state to the gallery's D1 row; on failure, retries by alarm. Never goes backwards:
   * writes sent side by side may land in any order, and only a newer version replaces the row.
   */
  private async writeThrough() {
    const row = this.row()!;
    try {
      await this.env.DB.prepare(
        "UPDATE bid_items SET price_cents = ?, status = ?, ends_at = ?, version = ? WHERE short_code = ? AND version < ?",
      )
        .bind(row.priceCents, row.status, row.endsAt, row.version, row.shortCode, row.version)
        .run();
      this.sql.exec("UPDATE item SET dirty = 0 WHERE id = 1 AND version = ?", row.version);
    } catch (error) {
      console.error(`write-through of ${row.shortCode} failed; retrying`, error);
      const retryAt = Date.now() + WRITE_THROUGH_RETRY_MS;
      const current = await this.ctx.storage.getAlarm();
      if (current === null || current > retryAt) await this.ctx.storage.setAlarm(retryAt);
    }
  }
}
