// Owns e-mail. Development writes every message to the dev outbox (shown at
// /dev/mail); production calls an HTTP provider. Nothing else sends mail.
import { desc } from "drizzle-orm";
import { isDevelopment } from "../config";
import type { Database } from "../db/client";
import { devOutbox } from "../db/schema";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface MailSender {
  send(mail: Mail): Promise<void>;
}

export class DevOutbox implements MailSender {
  constructor(private readonly db: Database) {}

  async send(mail: Mail) {
    await this.db.insert(devOutbox).values({ to: mail.to, subject: mail.subject, body: mail.text });
  }

  list(limit = 50) {
    return this.db.select().from(devOutbox).orderBy(desc(devOutbox.id)).limit(limit);
  }
}

/** Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email). */
export class HttpMailSender implements MailSender {
  static readonly endpoint = "https://api.resend.com/emails";

  constructor(
    private readonly apiKey: string,
    private readonly from: string,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  async send(mail: Mail) {
    const response = await this.fetcher(HttpMailSender.endpoint, {
      method: "POST",
      headers: { authorization: `Bearer ${this.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ from: this.from, to: [mail.to], subject: mail.subject, text: mail.text }),
    });
    if (!response.ok) {
      throw new Error(`mail provider answered ${response.status}: ${await response.text()}`);
    }
  }
}

export function mailSender(env: Env, db: Database): MailSender {
  if (isDevelopment(env)) return new DevOutbox(db);
  if (!env.MAIL_API_KEY) throw new Error("MAIL_API_KEY is not set: production cannot send e-mail");
  return new HttpMailSender(env.MAIL_API_KEY, env.MAIL_FROM);
}
