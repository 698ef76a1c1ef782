/** The optional room label installers use ("Kitchen left", 40 characters). */
import storefront from "../../../../domain/i18n/compiled/en/storefront.js";
import { ROOM_LABEL_MAX } from "../../../../domain/shared/limits";
import { useT } from "../../../lib/i18n";

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
  const t = useT("storefront", storefront);
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {t("configurator.room.label")}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        value={value}
        maxLength={ROOM_LABEL_MAX}
        placeholder={t("configurator.room.placeholder")}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
        className="field"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {t("configurator.room.hint", { max: ROOM_LABEL_MAX })}
      </p>
    </div>
  );
}
