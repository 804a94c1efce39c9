// Select all and Clear under a playlist picker (programming, Select Playlists).

/** Select all and Clear under a playlist picker; with a single playlist they would only add noise. */
export function PickerActions({ ids, onSelect }: { ids: string[]; onSelect: (ids: string[]) => void }) {
  if (ids.length <= 1) return null;
  return (
    <div className="actions picker-actions">
      <button type="button" className="button small" onClick={() => onSelect(ids)}>
        Select all
      </button>
      <button type="button" className="button small" onClick={() => onSelect([])}>
        Clear
      </button>
    </div>
  );
}
