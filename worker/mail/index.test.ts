import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../db/client";
import { DevOutbox, HttpMailSender, mailSender } from "./index";

const mail = { to: "ada@example.com", subject: "Your verification code", text: "Your verification code is 123456." };

describe("HttpMailSender (production)", () => {
  it("posts the message to the provider with the API key", async () => {
    const requests: Request[] = [];
    const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(input, init));
      return Response.json({ id: "msg_1" });
    }) as typeof fetch;
    await new HttpMailSender("re_test_key", "Creator Platform <no-reply@creatorplatform.app>", fetcher).send(mail);

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.url).toBe("https://api.resend.com/emails");
    expect(request!.method).toBe("POST");
    expect(request!.headers.get("authorization")).toBe("Bearer re_test_key");
    expect(await request!.json()).toEqual({
      from: "Creator Platform <no-reply@creatorplatform.app>",
      to: ["ada@example.com"],
      subject: mail.subject,
      text: mail.text,
    });
  });

  it("fails loudly when the provider refuses", async () => {
    const fetcher = (async () => new Response("domain not verified", { status: 403 })) as unknown as typeof fetch;
    await expect(new HttpMailSender("k", "f", fetcher).send(mail)).rejects.toThrow(/403: domain not verified/);
  });
});

describe("mailSender", () => {
  it("writes to the dev outbox in development, newest first", async () => {
    const db = database(env.DB);
    const sender = mailSender({ ...env, ENVIRONMENT: "development" }, db);
    expect(sender).toBeInstanceOf(DevOutbox);
    await sender.send(mail);
    await sender.send({ ...mail, subject: "second" });
    const [latest, previous] = await new DevOutbox(db).list();
    expect(latest).toMatchObject({ to: mail.to, subject: "second" });
    expect(previous).toMatchObject({ subject: mail.subject, body: mail.text });
  });

  it("uses the provider in production and refuses to run without its key", () => {
    const db = database(env.DB);
    expect(mailSender({ ...env, ENVIRONMENT: "production", MAIL_API_KEY: "k" }, db)).toBeInstanceOf(HttpMailSender);
    expect(() => mailSender({ ...env, ENVIRONMENT: "production", MAIL_API_KEY: undefined }, db)).toThrow(
      /MAIL_API_KEY/,
    );
  });
});
