/**
 * Damage at return on the admin order page (decision 046): each rental unit of the order, its report (category,
 * note, photos, fee, who and when) or a form to make one, and "back in service" for a unit in repair. The form
 * is multipart and works without JavaScript; with it, photos taken one after the other with the camera are
 * collected (up to three), previewed and checked before anything is sent.
 */
import { Camera, PackageCheck, Send, Wrench, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { MAX_PICTURE_BYTES } from "../../domain/admin/item-picture";
import { type DamageCategory, damagePhotoImage, FEE_PAID_BY, keepPhotos, MAX_DAMAGE_PHOTOS } from "../../domain/counter/damage";
import { formatDateTime, formatMoney } from "../../domain/format";
import { useTranslation } from "../../i18n/react";
import type { DamageReportView, OrderDamage } from "../../server/counter/damage.server";
import type { DamageVersion } from "../../server/counter/damage-corrections.server";
import { FormValues, replyFor, useField } from "../form-values";
import { Picture } from "../site/picture";
import { useLocale } from "../use-locale";
import { BookingsNote } from "./bookings-note";
import { TextField } from "./form";

const button = "inline-flex items-center gap-2 rounded-md px-4 py-2 font-semibold";

type Unit = OrderDamage["units"][number];

export function DamageSection({
  orderId,
  damage,
  history,
  persons,
  reply,
}: {
  orderId: string;
  damage: OrderDamage;
  /** The earlier versions of corrected reports. */
  history: DamageVersion[];
  persons: { id: number; firstName: string }[];
  reply?: unknown;
}) {
  const { t } = useTranslation();
  if (damage.units.length === 0) return null;
  // A reply about a unit that is not on this order (a stale page, a forged post) has no form to sit beside.
  const stray =
    typeof reply === "object" && reply !== null && "target" in reply && "errors" in reply
      ? (reply as { target?: string; errors: Record<string, string> })
      : null;
  const strayError =
    stray?.target?.startsWith("damage-") && !damage.units.some((u) => `damage-${u.id}` === stray.target) ? stray.errors.form : undefined;
  return (
    <section className="mt-8" aria-labelledby="damage-title" id="damage">
      <h2 id="damage-title" className="mb-1 text-lg font-semibold">
        {t("admin.damage.title")}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t(damage.canReport ? "admin.damage.hint" : "admin.damage.notYet")}</p>
      {strayError && <Alert message={strayError} />}
      <ul className="space-y-3">
        {damage.units.map((unit) => (
          <UnitDamage
            key={unit.id}
            orderId={orderId}
            unit={unit}
            person={persons.find((p) => p.id === unit.personId)?.firstName ?? null}
            report={damage.reports.find((r) => r.unitId === unit.id) ?? null}
            history={history}
            canReport={damage.canReport}
            reply={reply}
          />
        ))}
      </ul>
    </section>
  );
}

function UnitDamage({
  orderId,
  unit,
  person,
  report,
  history,
  canReport,
  reply,
}: {
  orderId: string;
  unit: Unit;
  person: string | null;
  report: DamageReportView | null;
  history: DamageVersion[];
  canReport: boolean;
  reply?: unknown;
}) {
  const { t } = useTranslation();
  const target = `damage-${unit.id}`;
  const mine = replyFor(reply, target);
  const inRepair = unit.status === "maintenance";
  const error = mine?.errors.form;
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-damage-unit={unit.code}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 break-words">
          <span className="whitespace-nowrap font-mono font-semibold">{unit.code}</span> · {unit.name}
          {unit.size ? ` (${unit.size})` : ""}
          {person ? <span className="text-slate-600"> · {person}</span> : null}
        </p>
        <span
          data-unit-status={unit.status}
          className={`inline-flex items-center gap-1 rounded px-2 py-0.5 text-sm ${
            inRepair
              ? "bg-amber-100 text-amber-900"
              : unit.status === "active"
                ? "bg-emerald-50 text-emerald-900"
                : "bg-slate-200 text-slate-800"
          }`}
        >
          {inRepair && <Wrench aria-hidden="true" className="size-4" />}
          {t(`admin.unitStatus.${unit.status}`)}
        </span>
      </div>
      {error && <Alert message={error} />}
      {report ? (
        <>
          <ReportView
            orderId={orderId}
            unit={unit}
            report={report}
            versions={history.filter((v) => v.reportId === report.id)}
            replied={Boolean(mine)}
          />
          <details className="mt-2" open={Object.keys(mine?.errors ?? {}).some((key) => key.startsWith(`u${unit.id}.`))}>
            <summary className="cursor-pointer font-medium text-brand-700">{t("admin.damage.correct")}</summary>
            <FormValues
              reply={reply}
              target={target}
              initial={{
                [`u${unit.id}`]: {
                  category: report.category,
                  note: report.note ?? "",
                  fee: report.feeCents === null ? "" : (report.feeCents / 100).toFixed(2),
                  paidBy: report.feePaidBy ?? "counter",
                },
              }}
            >
              <ReportForm unit={unit} correcting={report} />
            </FormValues>
          </details>
        </>
      ) : (
        canReport && (
          <details className="mt-2" open={Boolean(mine)}>
            <summary className="cursor-pointer font-medium text-brand-700">{t("admin.damage.open", { code: unit.code })}</summary>
            <FormValues reply={reply} target={target} initial={{ [`u${unit.id}`]: { paidBy: "counter" } }}>
              <ReportForm unit={unit} />
            </FormValues>
          </details>
        )
      )}
    </li>
  );
}

function Alert({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <p role="alert" className="mt-2 rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900">
      {t(message)}
    </p>
  );
}

function ReportView({
  orderId,
  unit,
  report,
  versions,
  replied,
}: {
  orderId: string;
  unit: Unit;
  report: DamageReportView;
  /** Its earlier versions, newest first. */
  versions: DamageVersion[];
  replied: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const corrected = versions[0];
  return (
    <div className="mt-2 space-y-2 text-sm" data-damage-report={report.id}>
      <p>
        <strong data-damage-category={report.category}>{t(`order.damage.category.${report.category}`)}</strong>
        {report.note ? ` · ${report.note}` : ""}
      </p>
      {report.feeCents !== null && report.feePaidBy && (
        <p data-damage-fee={report.feeCents}>
          {t("admin.damage.feeShown", { amount: formatMoney(report.feeCents, locale) })} · {t(`order.damage.paidBy.${report.feePaidBy}`)}
        </p>
      )}
      {report.photos.length > 0 && (
        <ul className="grid max-w-xl grid-cols-3 gap-2">
          {report.photos.map((name, i) => {
            const image = damagePhotoImage(orderId, name);
            if (!image) return null;
            const largest = image.srcSet.split(", ").at(-1)?.split(" ")[0] ?? image.src;
            return (
              <li key={name}>
                <a href={largest} target="_blank" rel="noopener" className="block" data-damage-photo={name}>
                  <Picture
                    image={image}
                    alt={t("admin.damage.photoAlt", { number: i + 1, code: unit.code })}
                    className="aspect-square h-auto w-full rounded border border-slate-200 bg-slate-100 object-cover"
                  />
                </a>
              </li>
            );
          })}
        </ul>
      )}
      <p className="text-slate-600">
        {t("admin.damage.reportedBy", { who: report.createdBy ?? t("admin.audit.system"), at: formatDateTime(report.createdAt, locale) })}
        {corrected &&
          ` · ${t("admin.damage.correctedBy", { who: corrected.replacedBy ?? t("admin.audit.system"), at: formatDateTime(corrected.replacedAt, locale) })}`}
        {report.releasedAt && ` · ${t("admin.damage.releasedAt", { at: formatDateTime(report.releasedAt, locale) })}`}
      </p>
      {versions.length > 0 && (
        <details className="rounded-md border border-slate-200 p-2" data-damage-history>
          <summary className="cursor-pointer font-medium">{t("admin.damage.history")}</summary>
          <ol className="mt-2 space-y-2">
            {versions.map((v) => (
              <li key={v.version} data-damage-version={v.version}>
                <p className="text-slate-600">
                  {t("admin.damage.version", {
                    version: v.version,
                    who: v.writtenBy ?? t("admin.audit.system"),
                    at: formatDateTime(v.writtenAt, locale),
                  })}
                </p>
                <p>
                  <strong>{t(`order.damage.category.${v.category}`)}</strong>
                  {v.note ? ` · ${v.note}` : ""}
                  {v.feeCents !== null && v.feePaidBy
                    ? ` · ${t("admin.damage.feeShown", { amount: formatMoney(v.feeCents, locale) })} · ${t(`order.damage.paidBy.${v.feePaidBy}`)}`
                    : ""}
                </p>
              </li>
            ))}
          </ol>
        </details>
      )}
      {report.bookedLater.length > 0 && (
        <BookingsNote
          message={t("admin.damage.bookedLater", { count: report.bookedLater.length })}
          bookings={report.bookedLater}
          data-booked-later
        />
      )}
      {unit.status === "maintenance" && <ReleaseForm unit={unit} open={replied} />}
    </div>
  );
}

/** "Back in service", behind a second click: the unit goes out to the next customer. */
function ReleaseForm({ unit, open }: { unit: { id: number; code: string }; open: boolean }) {
  const { t } = useTranslation();
  return (
    <details className="rounded-md border border-emerald-200 bg-emerald-50/50 p-2" open={open}>
      <summary className="cursor-pointer font-medium text-emerald-900">{t("admin.damage.release")}</summary>
      <Form method="post" className="mt-2 space-y-2">
        <p>{t("admin.damage.releaseWarning", { code: unit.code })}</p>
        <input type="hidden" name="unitId" value={unit.id} />
        <button type="submit" name="intent" value="damageRelease" className={`${button} bg-emerald-700 text-white hover:bg-emerald-800`}>
          <PackageCheck aria-hidden="true" className="size-4" />
          {t("admin.damage.releaseButton", { code: unit.code })}
        </button>
      </Form>
    </details>
  );
}

/** A photo chosen, with what its preview shows (a data: URL: the page's CSP allows no blob: pictures). */
type Chosen = { key: number; file: File; preview: string | null };

let chosenKeys = 0;

function ReportForm({ unit, correcting }: { unit: Unit; correcting?: DamageReportView }) {
  const { t } = useTranslation();
  const intent = correcting ? "damageCorrect" : "damageReport";
  // A correction adds photos to those the report has.
  const room = MAX_DAMAGE_PHOTOS - (correcting?.photos.length ?? 0);
  const prefix = `u${unit.id}`;
  const category = useField(`${prefix}.category`);
  const paidBy = useField(`${prefix}.paidBy`);
  const photos = useField(`${prefix}.photos`);
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("unitId") === String(unit.id);
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [choiceError, setChoiceError] = useState<{ error: string; leftOut: string[] } | null>(null);
  const id = useId();

  // Keeps the input's files equal to the list shown, so the form posts what the clerk sees.
  useEffect(() => {
    const field = input.current;
    if (!field || typeof DataTransfer === "undefined") return;
    const transfer = new DataTransfer();
    for (const { file } of chosen) transfer.items.add(file);
    field.files = transfer.files;
  }, [chosen]);

  function choose(event: React.ChangeEvent<HTMLInputElement>) {
    const added = [...(event.currentTarget.files ?? [])].filter((file) => !chosen.some((c) => c.file === file));
    // A camera gives one photo a time: each choice adds to the earlier ones (where the browser can hold them).
    const next = typeof DataTransfer === "undefined" ? added : [...chosen.map((c) => c.file), ...added];
    // The first photos that fit are kept and the others named: picking four must not lose all four.
    const { kept, leftOut, error } = keepPhotos(next, room);
    setChoiceError(error ? { error, leftOut: leftOut.map((file) => file.name) } : null);
    setChosen(kept.map((file) => chosen.find((c) => c.file === file) ?? { key: ++chosenKeys, file, preview: null }));
    for (const file of kept) {
      if (chosen.some((c) => c.file === file && c.preview)) continue;
      const reader = new FileReader();
      reader.onload = () =>
        setChosen((now) => now.map((c) => (c.file === file && typeof reader.result === "string" ? { ...c, preview: reader.result } : c)));
      reader.readAsDataURL(file);
    }
  }

  function remove(file: File) {
    setChosen(chosen.filter((c) => c.file !== file));
    setChoiceError(null);
  }

  const photoError = choiceError
    ? `${t(choiceError.error)} ${t("admin.damage.leftOut", { names: choiceError.leftOut.join(", ") })}`
    : photos.error && t(photos.error);
  const hintId = `${id}-photos-hint`;
  const errorId = `${id}-photos-error`;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className="mt-3 space-y-4 rounded-lg border border-brand-200 bg-brand-50/40 p-3"
    >
      <input type="hidden" name="unitId" value={unit.id} />
      <fieldset aria-describedby={category.error ? `${id}-category-error` : undefined}>
        <legend className="text-sm font-medium">{t("admin.damage.category")}</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {unit.categories.map((value: DamageCategory) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name={`${prefix}.category`}
                value={value}
                defaultChecked={category.value === value}
                aria-invalid={category.error ? true : undefined}
                className="size-4"
              />
              {t(`order.damage.category.${value}`)}
            </label>
          ))}
        </div>
        {category.error && (
          <p id={`${id}-category-error`} className="mt-1 text-sm text-red-700">
            {t(category.error)}
          </p>
        )}
      </fieldset>
      <TextField name={`${prefix}.note`} label={t("admin.damage.note")} hint={t("admin.damage.noteHint")} multiline />
      <TextField
        name={`${prefix}.fee`}
        label={t("admin.damage.fee")}
        hint={t("admin.damage.feeHint")}
        inputMode="decimal"
        autoComplete="off"
      />
      <fieldset>
        <legend className="text-sm font-medium">{t("admin.damage.paidByLabel")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
          {FEE_PAID_BY.map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="radio" name={`${prefix}.paidBy`} value={value} defaultChecked={paidBy.value === value} className="size-4" />
              {t(`order.damage.paidBy.${value}`)}
            </label>
          ))}
        </div>
        {paidBy.error && <p className="mt-1 text-sm text-red-700">{t(paidBy.error)}</p>}
      </fieldset>
      {/* Last in the form: a form too large is cut in its photos, and the fields sent before them come back. */}
      <div>
        <label htmlFor={`${id}-photos`} className="flex items-center gap-2 text-sm font-medium">
          <Camera aria-hidden="true" className="size-4" />
          {t("admin.damage.photos")}
          <span className="font-normal text-slate-600">({t("booking.optional")})</span>
        </label>
        <input
          ref={input}
          id={`${id}-photos`}
          type="file"
          name={`${prefix}.photos`}
          accept="image/*"
          capture="environment"
          multiple
          onChange={choose}
          disabled={room <= 0}
          aria-describedby={`${hintId}${photoError ? ` ${errorId}` : ""}`}
          aria-invalid={photoError ? true : undefined}
          className="mt-1 block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-2"
        />
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {t("admin.damage.photosHint", { max: MAX_DAMAGE_PHOTOS, megabytes: MAX_PICTURE_BYTES / (1024 * 1024) })}
        </p>
        {photoError && (
          <p id={errorId} role="alert" className="mt-1 text-sm text-red-700" data-photo-error>
            {photoError}
          </p>
        )}
        {chosen.length > 0 && (
          <ul className="mt-2 grid max-w-sm grid-cols-3 gap-2" aria-label={t("admin.damage.chosen")}>
            {chosen.map(({ key, file, preview }, i) => (
              <li key={key} className="relative" data-photo-preview>
                {preview ? (
                  <img
                    src={preview}
                    alt={t("admin.damage.previewAlt", { number: i + 1 })}
                    className="aspect-square w-full rounded border border-slate-300 object-cover"
                  />
                ) : (
                  <div className="aspect-square w-full animate-pulse rounded bg-slate-200" />
                )}
                <button
                  type="button"
                  onClick={() => remove(file)}
                  className="absolute top-1 right-1 rounded-full bg-white/90 p-1 text-slate-900 shadow"
                  aria-label={t("admin.damage.removePhoto", { number: i + 1 })}
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {correcting && <p className="text-sm text-slate-700">{t("admin.damage.correctionHint")}</p>}
      <button
        type="submit"
        name="intent"
        value={intent}
        aria-disabled={sending || undefined}
        className={`${button} bg-brand-700 text-white hover:bg-brand-800 aria-disabled:opacity-70`}
      >
        <Send aria-hidden="true" className="size-4" />
        {sending ? t("admin.damage.sending") : t(correcting ? "admin.damage.saveCorrection" : "admin.damage.save")}
      </button>
    </Form>
  );
}
