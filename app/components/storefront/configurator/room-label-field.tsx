/** The optional room label installers use ("Kitchen left", 40 characters). */
import { ROOM_LABEL_MAX } from "../../../../domain/shared/limits";

export function RoomLabelField({
  id,
  name = "roomLabel",
  value,
  onChange,
}: {
  id: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Room label (optional)
      </label>
      <input
        id={id}
        name={name}
        type="text"
        value={value}
        maxLength={ROOM_LABEL_MAX}
        placeholder="e.g. Kitchen left"
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
        className="field"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        Helps our installer put each piece in the right window. Up to {ROOM_LABEL_MAX} characters.
      </p>
    </div>
  );
}
