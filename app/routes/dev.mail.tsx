import type { Route } from "./+types/dev.mail";

export { loader } from "./dev.mail.server";

export default function DevMail({ loaderData }: Route.ComponentProps) {
  return (
    <section className="card">
      <h1>Dev outbox</h1>
      <p className="muted">E-mail the app sent while running locally, newest first.</p>
      {loaderData.messages.length === 0 ? (
        <p className="empty-state">No e-mail sent yet.</p>
      ) : (
        <ol className="outbox">
          {loaderData.messages.map((message) => (
            <li key={message.id} className="mail">
              <dl>
                <dt>To</dt>
                <dd className="mail-to">{message.to}</dd>
                <dt>Subject</dt>
                <dd>{message.subject}</dd>
                <dt>Sent</dt>
                <dd>
                  <time dateTime={message.createdAt}>{message.createdAt}</time>
                </dd>
              </dl>
              <pre className="mail-body">{message.body}</pre>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
