// The two access types a project file can have, as the options of an 'Access type' select.
export function AccessOptions() {
  return (
    <>
      <option value="private">Private</option>
      <option value="public-read">Public</option>
    </>
  );
}
