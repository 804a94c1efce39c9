// The dashboard's community section (helper "admin" owns the page around it):
// it loads its own data from the admin API, so mounting it is one line.
import { useEffect, useState } from "react";
import { formatDate } from "../../lib/format";
import { ScrollRegion } from "../ScrollRegion";

interface Signup {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

export function CommunitySignups() {
  const [signups, setSignups] = useState<Signup[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetch("/api/admin/community-signups", { headers: { accept: "application/json" } })
      .then((response) =>
        response.ok ? (response.json() as Promise<{ signups: Signup[] }>) : Promise.reject(response.status),
      )
      .then((body: { signups: Signup[] }) => setSignups(body.signups))
      .catch(() => setFailed(true));
  }, []);

  return (
    <section aria-labelledby="early-risers-heading">
      <h2 id="early-risers-heading">Early Risers sign-ups</h2>
      {failed ? (
        <p className="error" role="alert">
          Failed to load sign-ups.
        </p>
      ) : signups === null ? (
        <p aria-busy="true">Loading sign-ups...</p>
      ) : signups.length === 0 ? (
        <p className="empty-state">No sign-ups yet.</p>
      ) : (
        <ScrollRegion label="Early Risers sign-ups">
          <table aria-labelledby="early-risers-heading">
            <thead>
              <tr>
                <th>Name</th>
                <th>Email</th>
                <th>Message</th>
                <th>Joined</th>
              </tr>
            </thead>
            <tbody>
              {signups.map((signup) => (
                <tr key={signup.id}>
                  <td>{signup.name}</td>
                  <td>{signup.email}</td>
                  <td>{signup.message}</td>
                  <td>{formatDate(signup.createdAt, { timeZone: "UTC" })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
