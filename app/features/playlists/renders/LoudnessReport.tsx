// What loudness normalisation did to each item of a render: measured
// loudness, the change applied, and why (silence and short items are treated
// gently; a stored measurement was not taken again).
import type { LoudnessReport as StoredLoudnessReport } from "../../../../worker/db/schema";

/** The report as the renders table stores it (worker/db/schema/playlists.ts). */
export type LoudnessReportView = StoredLoudnessReport;

const NOTES: Record<string, string> = {
  normalised: "",
  silence: "silence or room tone: left as it is",
  short: "shorter than 3 s: lifted at most 12 dB",
  "no audio": "no audio",
};

/** −16 → "−16.0", 2.5 → "+2.5": loudness and gain with their sign. */
export const signed = (value: number) => `${value > 0 ? "+" : value < 0 ? "−" : "±"}${Math.abs(value).toFixed(1)}`;

export function LoudnessReport({ name, report }: { name: string; report: LoudnessReportView }) {
  return (
    <section className="loudness-report" aria-label={`Loudness of ${name}`}>
      <h3>Loudness: every item to {signed(report.target)} LUFS</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">File</th>
            <th scope="col">Measured</th>
            <th scope="col">Changed by</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {report.items.map((item) => (
            <tr key={item.n}>
              <td>{item.n}</td>
              <td>{item.fileName}</td>
              <td>{item.measured == null ? "—" : `${signed(item.measured)} LUFS`}</td>
              <td>{item.gainDb === 0 ? "unchanged" : `${signed(item.gainDb)} dB`}</td>
              <td>
                {[NOTES[item.outcome] ?? item.outcome, item.measuredNow ? "" : "measured before"]
                  .filter(Boolean)
                  .join("; ")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
