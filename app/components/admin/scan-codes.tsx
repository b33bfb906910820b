/**
 * Unit code fields that offer the camera (issue 20): on a device with a camera, a button beside the field
 * opens a small scanner that reads the label's QR code or Code 128, fills the code in and moves on to the
 * next code field of the form that still wants one, until all are filled or the clerk closes it. The
 * browser's `BarcodeDetector` reads where it exists; elsewhere `code-decoder.ts` (ZXing), loaded only now.
 *
 * Typing (or a hand scanner, which types) works as before: without JavaScript or a camera there is no
 * button, and the field is a plain text field. Decision 048.
 */
import { Camera, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { unitCode } from "../../domain/admin/item-units";
import { parseCodes } from "../../domain/admin/order";
import { useTranslation } from "../../i18n/react";
import { TextField } from "./form";

/** Whether to offer the camera: a touch device (phone, tablet), or any device that says it has a camera. Asked once a page. */
let cameraOffered: Promise<boolean> | undefined;
function offerCamera(): Promise<boolean> {
  cameraOffered ??= (async () => {
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) return false;
    if (window.matchMedia("(pointer: coarse)").matches) return true;
    const devices = await media.enumerateDevices().catch(() => []);
    return devices.some((device) => device.kind === "videoinput");
  })();
  return cameraOffered;
}

/** A unit code field for `count` codes (space-separated), with the camera button when the device can offer it. */
export function ScanCodeField({
  name,
  label,
  hint,
  count = 1,
  required,
}: {
  name: string;
  label: string;
  hint?: string;
  count?: number;
  required?: boolean;
}) {
  return (
    <TextField
      name={name}
      label={label}
      hint={hint}
      required={required}
      autoComplete="off"
      addon={<ScanButton field={name} label={label} count={count} />}
    />
  );
}

function ScanButton({ field, label, count }: { field: string; label: string; count: number }) {
  const { t } = useTranslation();
  const [offered, setOffered] = useState(false);
  const [opener, setOpener] = useState<HTMLButtonElement | null>(null);
  const close = useCallback(() => setOpener(null), []);
  useEffect(() => {
    let live = true;
    offerCamera().then((yes) => live && setOffered(yes));
    return () => {
      live = false;
    };
  }, []);
  if (!offered) return null;
  return (
    <>
      <button
        type="button"
        data-scan-for={field}
        data-scan-count={count}
        onClick={(event) => setOpener(event.currentTarget)}
        aria-label={t("admin.scan.open", { field: label })}
        title={t("admin.scan.open", { field: label })}
        className="inline-flex min-h-10 shrink-0 items-center justify-center rounded-md border border-brand-700 px-3 text-brand-800 hover:bg-brand-50"
      >
        <Camera aria-hidden="true" className="size-5" />
      </button>
      {opener && <Scanner opener={opener} onClose={close} />}
    </>
  );
}

/** What the browser's BarcodeDetector offers (not yet in TypeScript's DOM types). */
type NativeDetector = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };
type NativeDetectorClass = {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
};
type Read = (video: HTMLVideoElement) => Promise<string | null>;

/** The native detector for QR codes and Code 128 when the browser has one, else ZXing, fetched now. */
async function makeReader(): Promise<Read> {
  const Native = (window as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
    const formats = ["qr_code", "code_128"].filter((format) => supported.includes(format));
    if (formats.length > 0) {
      const detector = new Native({ formats });
      return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
    }
  }
  const { decodePixels } = await import("./code-decoder");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    // At most 800 pixels wide: enough for a label held to the camera, and quick to read on a phone.
    const scale = Math.min(1, 800 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return decodePixels(context.getImageData(0, 0, canvas.width, canvas.height));
  };
}

/** The form's scannable fields in page order, with how many codes each takes. */
function codeFields(form: HTMLFormElement) {
  return [...form.querySelectorAll<HTMLButtonElement>("button[data-scan-for]")].flatMap((button) => {
    const input = form.elements.namedItem(button.dataset.scanFor ?? "");
    return input instanceof HTMLInputElement
      ? [{ input, count: Number(button.dataset.scanCount) || 1, label: input.labels?.[0]?.textContent?.trim() ?? "" }]
      : [];
  });
}

const hasRoom = (field: { input: HTMLInputElement; count: number }) => parseCodes(field.input.value).length < field.count;

/** A short beep and buzz for a code read, where the browser allows them (the button's tap allows the sound). */
function acknowledge(audio: AudioContext | null) {
  navigator.vibrate?.(60);
  if (audio?.state !== "running") return;
  const tone = audio.createOscillator();
  const volume = audio.createGain();
  tone.frequency.value = 1760;
  volume.gain.value = 0.08;
  tone.connect(volume).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.08);
}

type Status =
  | { key: "starting" }
  | { key: "aim" }
  | { key: "scanned"; code: string; field: string }
  | { key: "already"; code: string }
  | { key: "notUnitCode"; text: string }
  | { key: "refused" | "missing" | "failed" };

function Scanner({ opener, onClose }: { opener: HTMLButtonElement; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<Status>({ key: "starting" });
  const [target, setTarget] = useState("");

  useEffect(() => {
    const form = opener.form;
    const box = dialog.current;
    const screen = video.current;
    if (!form || !box || !screen) return;
    box.showModal();
    let stopped = false;
    let stream: MediaStream | null = null;
    let audio: AudioContext | null = null;
    try {
      audio = new AudioContext();
    } catch {
      audio = null;
    }
    const fields = codeFields(form);
    const own = fields.findIndex((f) => f.input.name === opener.dataset.scanFor);
    // From the field whose button was pressed, then on down the form, then from its top.
    const order = [...fields.slice(own), ...fields.slice(0, own)];
    const current = () => order.find(hasRoom);
    setTarget(current()?.label ?? "");
    let lastText = "";

    const take = (text: string) => {
      if (text === lastText) return;
      lastText = text;
      const code = unitCode.safeParse(text);
      if (!code.success) {
        setStatus({ key: "notUnitCode", text: text.slice(0, 60) });
        return;
      }
      if (fields.some((f) => parseCodes(f.input.value).includes(code.data))) {
        setStatus({ key: "already", code: code.data });
        return;
      }
      const field = current();
      if (!field) return;
      field.input.value = [...parseCodes(field.input.value), code.data].join(" ");
      acknowledge(audio);
      setStatus({ key: "scanned", code: code.data, field: field.label });
      const next = current();
      if (next) setTarget(next.label);
      else box.close();
    };

    const stop = () => {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
      audio?.close().catch(() => {});
    };
    // Closed by the clerk (the button, Escape) or once every field is filled.
    const finish = () => {
      stop();
      onClose();
      // As a hand scanner's Enter does: on to the next code still to fill in, else back to the button.
      (current()?.input ?? opener).focus();
    };
    box.addEventListener("close", finish);

    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 } },
          audio: false,
        });
      } catch (error) {
        const name = error instanceof DOMException ? error.name : "";
        setStatus({
          key:
            name === "NotAllowedError" || name === "SecurityError"
              ? "refused"
              : name === "NotFoundError" || name === "OverconstrainedError"
                ? "missing"
                : "failed",
        });
        return;
      }
      if (stopped) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      screen.srcObject = stream;
      await screen.play().catch(() => {});
      let read: Read;
      try {
        read = await makeReader();
      } catch {
        setStatus({ key: "failed" });
        return;
      }
      setStatus({ key: "aim" });
      while (!stopped) {
        const text = await read(screen).catch(() => null);
        if (stopped) break;
        if (text) take(text.trim());
        // A few reads a second are plenty for a label held still, and spare a phone's battery.
        await new Promise((resume) => setTimeout(resume, 150));
      }
    })();

    return () => {
      box.removeEventListener("close", finish);
      stop();
      if (box.open) box.close();
    };
  }, [opener, onClose]);

  const trouble = status.key === "refused" || status.key === "missing" || status.key === "failed";
  const message =
    status.key === "scanned"
      ? t("admin.scan.scanned", { code: status.code, field: status.field })
      : status.key === "already"
        ? t("admin.scan.already", { code: status.code })
        : status.key === "notUnitCode"
          ? t("admin.scan.notUnitCode", { text: status.text })
          : t(`admin.scan.${status.key}`);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="scanner-title"
      className="m-auto w-[min(28rem,calc(100vw-1rem))] rounded-lg bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/70"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
        <h2 id="scanner-title" className="font-semibold">
          {t("admin.scan.title")}
        </h2>
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
          aria-label={t("admin.scan.close")}
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="relative aspect-[4/3] bg-slate-900">
        <video ref={video} muted playsInline className="size-full object-cover" />
        {!trouble && (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-[12%] inset-y-[20%] rounded-md border-4 border-white/90 ring-2 ring-slate-900/50"
          />
        )}
      </div>
      <div className="space-y-1 px-4 py-3 text-sm">
        {target && !trouble && <p className="font-medium break-words">{t("admin.scan.for", { field: target })}</p>}
        <p role={trouble ? "alert" : "status"} data-scan-status={status.key} className={trouble ? "text-red-800" : "text-slate-700"}>
          {message}
        </p>
      </div>
    </dialog>
  );
}
