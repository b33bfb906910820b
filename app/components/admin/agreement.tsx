/**
 * The signed rental contract in the back office (decision 044): the signing form the customer fills in on
 * the counter's tablet or phone, its signature pad, and the list of signed versions on the order page.
 */
import { Eraser, FileSignature, FileText, PenLine } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { SIGNATURE_MAX_CHARS } from "../../domain/counter/agreement";
import { formatDateTime } from "../../domain/format";
import { type Locale, localizePath } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import type { AgreementVersion } from "../../server/counter/agreements.server";
import { useField, useFormScope } from "../form-values";
import { useLocale, useLocalPath } from "../use-locale";

/** The pad's picture in pixels; the screen scales it to the width it has, keeping its shape. */
const PAD = { width: 900, height: 360 };
const INK = "#0b1f3a";

type Point = { x: number; y: number };

/**
 * A signature drawn with a finger, a pen or the mouse: Pointer Events on a canvas, its picture kept as a PNG
 * data URL in a hidden field after each stroke. `restore` draws a picture posted before (a refused form).
 */
function SignaturePad({ name, restore, describedBy }: { name: string; restore: string | null; describedBy: string }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const stroke = useRef<(Point & { id: number }) | null>(null);
  // State, not the field's own value: React puts a hidden field's value back to its default on every render.
  const [picture, setPicture] = useState(restore ?? "");
  const inked = picture !== "";

  useEffect(() => {
    if (!restore) return;
    const picture = new Image();
    picture.onload = () => canvas.current?.getContext("2d")?.drawImage(picture, 0, 0);
    picture.src = restore;
  }, [restore]);

  const at = (event: { clientX: number; clientY: number }): Point => {
    const box = (canvas.current as HTMLCanvasElement).getBoundingClientRect();
    return { x: ((event.clientX - box.left) * PAD.width) / box.width, y: ((event.clientY - box.top) * PAD.height) / box.height };
  };
  const pen = (event: PointerEvent) => {
    const context = (canvas.current as HTMLCanvasElement).getContext("2d") as CanvasRenderingContext2D;
    context.strokeStyle = INK;
    context.fillStyle = INK;
    context.lineCap = "round";
    context.lineJoin = "round";
    // A pen presses harder in a downstroke; a finger and a mouse report a constant 0.5.
    context.lineWidth = event.pointerType === "pen" && event.pressure > 0 ? 2 + 5 * event.pressure : 4.5;
    return context;
  };

  const down = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const point = at(event);
    stroke.current = { id: event.pointerId, ...point };
    const context = pen(event.nativeEvent);
    context.beginPath();
    context.arc(point.x, point.y, context.lineWidth / 2, 0, Math.PI * 2);
    context.fill();
  };
  const move = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const current = stroke.current;
    if (!current || current.id !== event.pointerId) return;
    // The points the browser gathered since the last event, so a fast stroke stays a curve.
    const coalesced = event.nativeEvent.getCoalescedEvents?.() ?? [];
    for (const step of coalesced.length > 0 ? coalesced : [event.nativeEvent]) {
      const point = at(step);
      const context = pen(step);
      context.beginPath();
      context.moveTo(current.x, current.y);
      context.lineTo(point.x, point.y);
      context.stroke();
      current.x = point.x;
      current.y = point.y;
    }
  };
  const up = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!stroke.current || stroke.current.id !== event.pointerId) return;
    stroke.current = null;
    setPicture((canvas.current as HTMLCanvasElement).toDataURL("image/png"));
  };
  const clear = () => {
    const element = canvas.current as HTMLCanvasElement;
    element.getContext("2d")?.clearRect(0, 0, element.width, element.height);
    setPicture("");
  };

  return (
    <div>
      <canvas
        ref={canvas}
        width={PAD.width}
        height={PAD.height}
        role="img"
        aria-label={t("admin.agreement.pad")}
        aria-describedby={describedBy}
        data-signature-pad
        data-inked={inked || undefined}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        className="block aspect-[5/2] w-full cursor-crosshair touch-none rounded-lg border-2 border-dashed border-slate-500 bg-white"
      />
      <input type="hidden" name={name} value={picture} />
      <button
        type="button"
        onClick={clear}
        disabled={!inked}
        className="mt-2 inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-400 px-4 py-2 font-medium hover:bg-slate-50 disabled:opacity-60"
      >
        <Eraser aria-hidden="true" className="size-5" />
        {t("admin.agreement.clear")}
      </button>
    </div>
  );
}

const bigInput =
  "mt-1 block w-full rounded-md border border-slate-500 bg-white px-3 py-3 text-lg focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-600";

function Message({ id, error }: { id: string; error: string | undefined }) {
  const { t } = useTranslation();
  return error ? (
    <p id={id} className="mt-1 font-medium text-red-700">
      {t(error)}
    </p>
  ) : null;
}

/**
 * The form the customer signs with, in the order's language: their name, the pad, and for those who cannot
 * draw (a keyboard, no JavaScript) their name typed as the signature. Kept as typed when refused.
 */
export function SigningForm({ back }: { back: Locale }) {
  const { t } = useTranslation();
  const { values, errors } = useFormScope();
  const name = useField("signerName");
  const typed = useField("typedName");
  const posted = typeof values.signature === "string" ? values.signature : "";
  // A picture that was refused is not drawn again; one sent back for another field's sake is.
  const restore = posted.startsWith("data:image/png;base64,") && posted.length <= SIGNATURE_MAX_CHARS && !errors.signature ? posted : null;
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" noValidate className="mt-6 space-y-6 rounded-xl border border-brand-200 bg-brand-50/40 p-4 sm:p-6">
      <input type="hidden" name="back" value={back} />
      <div>
        <label htmlFor="signer-name" className="text-lg font-semibold">
          {t("admin.agreement.signerName")}
        </label>
        <input
          id="signer-name"
          name="signerName"
          autoComplete="name"
          defaultValue={name.value}
          required
          aria-invalid={name.error ? true : undefined}
          aria-describedby={name.error ? "signer-name-error" : undefined}
          className={bigInput}
        />
        <Message id="signer-name-error" error={name.error} />
      </div>
      <fieldset>
        <legend className="text-lg font-semibold">{t("admin.agreement.signHere")}</legend>
        <p id="pad-hint" className="mb-2 text-slate-700">
          {t("admin.agreement.padHint")}
        </p>
        <SignaturePad name="signature" restore={restore} describedBy={errors.signature ? "pad-hint signature-error" : "pad-hint"} />
        <Message id="signature-error" error={errors.signature} />
      </fieldset>
      <div>
        <label htmlFor="typed-name" className="text-lg font-semibold">
          {t("admin.agreement.typedName")}
        </label>
        <p id="typed-name-hint" className="text-slate-700">
          {t("admin.agreement.typedHint")}
        </p>
        <input
          id="typed-name"
          name="typedName"
          autoComplete="off"
          defaultValue={typed.value}
          aria-invalid={typed.error ? true : undefined}
          aria-describedby={typed.error ? "typed-name-hint typed-name-error" : "typed-name-hint"}
          className={bigInput}
        />
        <Message id="typed-name-error" error={typed.error} />
      </div>
      <button
        type="submit"
        name="intent"
        value="sign"
        aria-disabled={busy || undefined}
        className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 py-3 text-lg font-semibold text-white hover:bg-brand-800 aria-disabled:opacity-70 sm:w-auto"
      >
        <PenLine aria-hidden="true" className="size-5" />
        {busy ? t("admin.agreement.signing") : t("admin.agreement.sign")}
      </button>
    </Form>
  );
}

/**
 * The order page's contract section: the versions signed so far (newest first, each with its time, signer,
 * hash and download) and the way to the signing screen, opened in the order's language for the customer.
 */
export function AgreementSection({
  orderId,
  orderLanguage,
  canSign,
  versions,
}: {
  orderId: string;
  orderLanguage: Locale;
  canSign: boolean;
  versions: AgreementVersion[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const [params] = useSearchParams();
  const signed = params.get("signed");
  return (
    <section id="agreement" className="mt-8" aria-labelledby="agreement-title">
      <h2 id="agreement-title" className="mb-3 text-lg font-semibold">
        {t("admin.agreement.section")}
      </h2>
      {signed && versions.some((v) => String(v.version) === signed) && (
        <p role="status" className="mb-3 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-emerald-900">
          {t("admin.agreement.done", { version: signed })}
        </p>
      )}
      {versions.length === 0 ? (
        <p className="text-sm text-slate-600">{t(canSign ? "admin.agreement.none" : "admin.agreement.afterHandOut")}</p>
      ) : (
        <ol className="space-y-3 text-sm" data-agreements>
          {versions.map((v, index) => (
            <li key={v.version} className="rounded-lg border border-slate-200 p-3" data-agreement={v.version}>
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <strong>{t("admin.agreement.version", { version: v.version })}</strong>
                <span>{formatDateTime(v.signedAt, locale, "medium")}</span>
                <span>
                  {t(v.signatureKind === "typed" ? "admin.agreement.signedTyped" : "admin.agreement.signedDrawn", { name: v.signerName })}
                </span>
                {index > 0 && (
                  <span className="text-slate-600">{t("admin.agreement.replaced", { version: versions[index - 1].version })}</span>
                )}
              </p>
              <p className="mt-1 text-slate-700">
                {t("admin.agreement.sha256")} <code className="break-all font-mono text-xs">{v.sha256}</code>
              </p>
              <a
                href={href(`/admin/order/${orderId}/agreement/${v.version}.pdf`)}
                className="mt-1 inline-flex items-center gap-1 font-medium text-brand-700 underline"
              >
                <FileText aria-hidden="true" className="size-4" />
                {t("admin.agreement.download", { version: v.version })}
              </a>
            </li>
          ))}
        </ol>
      )}
      {canSign && (
        <Link
          to={`${localizePath(`/admin/order/${orderId}/agreement`, orderLanguage)}?back=${locale}`}
          className="mt-3 inline-flex items-center gap-2 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          <FileSignature aria-hidden="true" className="size-4" />
          {t(versions.length > 0 ? "admin.agreement.signAgain" : "admin.agreement.open")}
        </Link>
      )}
    </section>
  );
}
