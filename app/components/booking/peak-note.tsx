/** Under a line of the bag, the checkout or the order page: the peak surcharge its price includes, and why. */
import { peakNotes } from "../../domain/peaks";
import type { LinePeak } from "../../domain/pricing";
import { useTranslation } from "../../i18n/react";
import { useLocale } from "../use-locale";

export function PeakNote({ line }: { line: { surchargeCents: number; peaks: readonly LinePeak[] } }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return peakNotes(line.peaks, line.surchargeCents, locale).map((note) => (
    <span key={note.values.name} className="block text-sm text-slate-600" data-peak>
      {t(note.key, note.values)}
    </span>
  ));
}
