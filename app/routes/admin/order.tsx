import { FileText, Mail, PackageCheck, PackageOpen, PencilLine, Printer, XCircle } from "lucide-react";
import { Form, Link, useSearchParams } from "react-router";
import { z } from "zod";
import { AgreementSection } from "../../components/admin/agreement";
import { BindingFields, BindingSet } from "../../components/admin/binding";
import { DamageSection } from "../../components/admin/damage-form";
import { DepositPanel } from "../../components/admin/deposit-panel";
import { CheckboxField, FormStatus, TextField } from "../../components/admin/form";
import { AuditTrail } from "../../components/admin/record";
import { ScanCodeField } from "../../components/admin/scan-codes";
import { AdminPage, Fields, OrderStatusBadge, Section } from "../../components/admin/ui";
import { DamageFees } from "../../components/booking/damage-fees";
import { Totals } from "../../components/booking/totals";
import { FormValues, refusedAny } from "../../components/form-values";
import { adminMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import {
  cancelSchema,
  daysUntilPickup,
  EARLY_PICKUP_DAYS,
  orderEmailKind,
  parseCodes,
  pickupSchema,
  returnSchema,
} from "../../domain/admin/order";
import { paymentWords } from "../../domain/admin/payment";
import { canSign } from "../../domain/counter/agreement";
import { DAMAGE_UPLOAD_BYTES, damageReportSchema, isDamageIntent, onePhotoMessage, releaseSchema } from "../../domain/counter/damage";
import { isDepositIntent } from "../../domain/counter/deposits";
import { formatDateTime, formatMoney } from "../../domain/format";
import { parse } from "../../domain/forms";
import { hotelNote } from "../../domain/partner-hotel";
import { takenWaiver } from "../../domain/pricing";
import { fail, type Result, under } from "../../domain/result";
import { useTranslation } from "../../i18n/react";
import { cancelByStaff, getAdminOrder, resendConfirmation } from "../../server/admin/orders.server";
import { publicOrigin } from "../../server/config.server";
import { listAgreements, orderLocale } from "../../server/counter/agreements.server";
import { getOrderDamage, releaseUnit, reportDamage } from "../../server/counter/damage.server";
import { correctDamage, damageHistory } from "../../server/counter/damage-corrections.server";
import { authoriseAtHandOut, depositAction, getDepositPanel } from "../../server/counter/deposits.server";
import { pickUpOrder, returnOrder } from "../../server/counter/handout.server";
import { type BackOfficeUser, requireBackOffice } from "../../server/http/back-office-guards.server";
import { type PostedForm, readForm } from "../../server/http/forms.server";
import { found, param, redirectTo, refuse } from "../../server/http/results.server";
import type { Route } from "./+types/order";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireBackOffice(request);
  // Another branch's order is as good as missing for a staff member: nothing of it is shown.
  const record = found(await getAdminOrder(user, param(z.uuid(), params.id)));
  return {
    ...record,
    daysUntilPickup: daysUntilPickup(new Date(record.order.pickupAt), new Date()),
    deposit: await getDepositPanel(record.order),
    agreement: { language: orderLocale(record.order), versions: await listAgreements(record.order.id) },
    damage: found(await getOrderDamage(user, record.order.id)),
    damageHistory: await damageHistory(record.order.id),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireBackOffice(request);
  const id = param(z.uuid(), params.id);
  // The damage form carries photos (decision 046); every other form stays small. A form too large comes
  // back with what was typed: only the damage form can be, with its photos.
  const form = await readForm(request, { uploadBytes: DAMAGE_UPLOAD_BYTES, keepTooLarge: true });
  if (isDamageIntent(form.intent) || form.tooLarge) return damageAction(request, user, id, form);
  const done = await orderAction(form.intent);
  return done.ok ? redirectTo(request, `/admin/order/${id}?done=${form.intent}`) : refuse(done, form);

  async function orderAction(intent: string): Promise<Result> {
    switch (intent) {
      case "pickup": {
        const input = parse(pickupSchema, form.values);
        if (!input.ok) return input;
        const codes = Object.fromEntries(Object.entries(input.value.codes).map(([line, text]) => [line, parseCodes(text)]));
        const handedOut = await pickUpOrder(user, id, codes, { early: input.value.early, bindings: input.value.binding });
        // The deposit's authorisation at the latest (decision 045).
        if (handedOut.ok) await authoriseAtHandOut(user, id);
        return handedOut;
      }
      case "return": {
        const input = parse(returnSchema, form.values);
        return input.ok ? returnOrder(user, id, input.value) : input;
      }
      case "cancel": {
        const input = parse(cancelSchema, form.values);
        return input.ok ? cancelByStaff(user, id, input.value, publicOrigin(request)) : input;
      }
      case "resend":
        return resendConfirmation(user, id, publicOrigin(request));
      default:
        if (isDepositIntent(intent)) return depositAction(user, id, intent, form.values);
        return fail.invalid({ form: "admin.errors.choose" });
    }
  }
}

/**
 * A damage form of the order page: a report or its correction (fields under `u{unitId}.`, photos as
 * `u{unitId}.photos`), or "back in service". A refusal goes back to that unit's form with what was typed
 * (files cannot be given back: the message says to choose the photos again); a success to the damage section.
 */
async function damageAction(request: Request, user: BackOfficeUser, orderId: string, form: PostedForm) {
  const back = (unitId: number) => redirectTo(request, `/admin/order/${orderId}?done=${form.intent}&unit=${unitId}#damage`);
  const unit = parse(releaseSchema, form.values);
  if (!unit.ok) return refuse(form.tooLarge ? fail.invalid({ form: "admin.damage.errors.uploadTooBig" }) : unit, form);
  const { unitId } = unit.value;
  const prefix = `u${unitId}`;
  const target = `damage-${unitId}`;
  if (form.tooLarge) return refuse(fail.invalid({ [`${prefix}.photos`]: "admin.damage.errors.uploadTooBig" }), form, target);
  if (form.intent === "damageRelease") {
    const done = await releaseUnit(user, unitId);
    return done.ok ? back(unitId) : refuse(done, form, target);
  }
  const fields = (form.values[prefix] ?? {}) as Record<string, unknown>;
  const input = parse(damageReportSchema, { ...fields, unitId, photos: form.files[`${prefix}.photos`] ?? [] });
  if (!input.ok) return refuse(under(prefix, onePhotoMessage(input)), form, target);
  const done =
    form.intent === "damageCorrect" ? await correctDamage(user, orderId, input.value) : await reportDamage(user, orderId, input.value);
  return done.ok ? back(unitId) : refuse(under(prefix, done), form, target);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(matches, "admin.orders.title", { number: loaderData?.order.number ?? "" });

const button = "inline-flex items-center gap-2 rounded-md px-4 py-2 font-semibold";

/**
 * A barcode scanner types the code and then Enter. In a code field that is not the last, Enter moves on to
 * the next code instead of sending the hand-out with the other lines still empty.
 */
function nextCode(event: React.KeyboardEvent<HTMLFormElement>) {
  const field = event.target as HTMLInputElement;
  if (event.key !== "Enter" || !field.name?.startsWith("codes.")) return;
  const fields = [...event.currentTarget.querySelectorAll<HTMLInputElement>('input[name^="codes."]')];
  const next = fields[fields.indexOf(field) + 1];
  if (!next) return;
  event.preventDefault();
  next.focus();
}

export default function OrderRecord({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const { order, shop, persons, lines, bindings, payments, emails, audit, actions, createdBy, hotel } = loaderData;
  const hotelLine = hotelNote(hotel, order.discounts);
  const refused = refusedAny(actionData);
  const when = (d: Date | string | null) => (d ? formatDateTime(d, locale, "medium") : "—");
  const [params] = useSearchParams();
  const done = params.get("done");
  const rentalLines = lines.filter((l) => l.kind === "rental" || l.kind === "depot");
  const groups = [
    ...persons.map((p) => ({
      key: String(p.id),
      title: [p.firstName, p.lastName].filter(Boolean).join(" "),
      person: p,
      lines: lines.filter((l) => l.personId === p.id),
    })),
    { key: "other", title: t("order.other"), person: null, lines: lines.filter((l) => l.personId === null) },
  ].filter((g) => g.lines.length > 0);
  const documents = href(`/admin/order/${order.id}`);
  return (
    <AdminPage title={t("admin.orders.title", { number: order.number })} back="/admin/orders">
      <FormValues reply={actionData}>
        <FormStatus />
        {done && !refused && (
          <p role="status" className="mb-4 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-emerald-900">
            {t(`admin.orders.done.${done}`, { defaultValue: t("admin.form.saved") })}
          </p>
        )}
        <p className="mb-4 text-lg">
          <span className="text-base">
            <OrderStatusBadge status={order.status} />
          </span>
          {order.source !== "online" && (
            <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-sm">{t(`admin.orders.sources.${order.source}`)}</span>
          )}
        </p>
        <Fields
          fields={[
            [t("admin.field.shop"), shop.name],
            [t("order.pickup"), when(order.pickupAt)],
            [t("order.return"), when(order.returnAt)],
            [t("admin.field.customer"), [order.invoiceName, order.invoiceCompany].filter(Boolean).join(", ")],
            [t("admin.field.email"), order.email || "—"],
            [t("admin.field.phone"), order.phone || "—"],
            [
              t("admin.orders.address"),
              [order.invoiceStreet, `${order.invoicePostalCode} ${order.invoiceCity}`.trim(), order.invoiceVatId]
                .filter(Boolean)
                .join(", ") || "—",
            ],
            [t("admin.field.language"), order.language],
            [t("admin.orders.created"), `${when(order.createdAt)}${createdBy ? ` · ${createdBy}` : ""}`],
            [t("admin.orders.paidAt"), when(order.paidAt)],
            [t("admin.orders.pickedUpAt"), when(order.pickedUpAt)],
            [t("admin.orders.returnedAt"), when(order.returnedAt)],
            ...(order.returnNote ? [[t("admin.orders.returnNote"), order.returnNote] as [string, string]] : []),
            ...(order.note ? [[t("admin.orders.note"), order.note] as [string, string]] : []),
            ...(hotelLine ? [[t("order.hotel.label"), t(hotelLine.key, hotelLine.values)] as [string, string]] : []),
          ]}
        />
        <p className="mt-4 flex flex-wrap gap-4 text-sm">
          <a href={`${documents}/contract.pdf`} className="inline-flex items-center gap-1 font-medium text-brand-700 underline">
            <Printer aria-hidden="true" className="size-4" />
            {t("admin.orders.contract")}
          </a>
          <a href={`${documents}/confirmation.pdf`} className="inline-flex items-center gap-1 font-medium text-brand-700 underline">
            <FileText aria-hidden="true" className="size-4" />
            {t("admin.orders.printOrder")}
          </a>
        </p>
        <AgreementSection
          orderId={order.id}
          orderLanguage={loaderData.agreement.language}
          canSign={canSign(order.status)}
          versions={loaderData.agreement.versions}
        />

        <Section title={t("admin.orders.equipment")}>
          <div className="space-y-4">
            {groups.map((group) => (
              <div key={group.key} className="rounded-lg border border-slate-200 p-3">
                <h3 className="font-semibold">{group.title}</h3>
                {group.person && (
                  <p className="text-sm text-slate-600">
                    {[
                      group.person.heightCm && `${group.person.heightCm} cm`,
                      group.person.weightKg && `${group.person.weightKg} kg`,
                      group.person.skill && t(`booking.skill.${group.person.skill}`),
                      group.person.shoeSize && `EU ${group.person.shoeSize}`,
                      group.person.age !== null && t("admin.orders.ageYears", { count: group.person.age }),
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                )}
                <ul className="mt-2 divide-y divide-slate-100 text-sm">
                  {group.lines.map((line) => (
                    <li key={line.id} className="flex flex-wrap justify-between gap-2 py-1.5" data-line={line.id}>
                      <span>
                        {line.quantity > 1 ? `${line.quantity} × ` : ""}
                        {line.name}
                        {line.size ? ` (${line.size})` : ""}
                        {line.packageName && (
                          <span className="ml-2 text-xs text-slate-600" data-package-line>
                            {t("booking.package.inBag", { name: line.packageName })}
                          </span>
                        )}
                        {(line.reservedCodes.length > 0 || line.handedOutCode) && (
                          <span className="ml-2 font-mono text-xs text-slate-600">
                            {line.reservedCodes.join(", ") || line.handedOutCode}
                          </span>
                        )}
                        {line.handedOutCode && bindings.some((b) => b.lineId === line.id) && <BindingSet binding={line.binding} />}
                      </span>
                      <span className="tabular-nums">{formatMoney(line.subtotalCents, locale)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          {actions.includes("change") && (
            <Link to={`${documents}/change`} className={`${button} mt-4 bg-brand-700 text-white hover:bg-brand-800`}>
              <PencilLine aria-hidden="true" className="size-4" />
              {t("admin.orders.changeOpen")}
            </Link>
          )}
          <div className="mt-4 max-w-md">
            <Totals
              subtotalCents={order.subtotalCents}
              discounts={order.discounts}
              totalCents={order.totalCents}
              vat={order.vatBreakdown}
              hotel={hotel}
              damageWaiver={takenWaiver(order)}
            />
          </div>
          <DamageFees fees={loaderData.damage.fees} />
        </Section>

        {actions.includes("pickup") && (
          <Section title={t("admin.orders.pickupTitle")}>
            <Form method="post" noValidate onKeyDown={nextCode} className="space-y-3 rounded-lg border border-brand-200 bg-brand-50/40 p-4">
              <p className="text-sm text-slate-700">{t("admin.orders.pickupHint")}</p>
              {rentalLines.map((line) => {
                const binding = bindings.find((b) => b.lineId === line.id);
                return (
                  <div key={line.id} className="space-y-2">
                    <ScanCodeField
                      name={`codes.${line.id}`}
                      count={line.quantity}
                      label={`${line.quantity > 1 ? `${line.quantity} × ` : ""}${line.name}${line.size ? ` (${line.size})` : ""} — ${persons.find((p) => p.id === line.personId)?.firstName ?? t("order.other")}`}
                      hint={
                        line.reservedCodes.length > 0 ? t("admin.orders.reserved", { codes: line.reservedCodes.join(", ") }) : undefined
                      }
                      required
                    />
                    {binding && <BindingFields binding={binding} />}
                  </div>
                );
              })}
              {rentalLines.length === 0 && <p className="text-sm">{t("admin.orders.nothingToScan")}</p>}
              {loaderData.daysUntilPickup >= EARLY_PICKUP_DAYS && (
                <CheckboxField
                  name="early"
                  label={t("admin.orders.early")}
                  hint={t("admin.orders.earlyHint", { count: loaderData.daysUntilPickup })}
                />
              )}
              <button type="submit" name="intent" value="pickup" className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
                <PackageOpen aria-hidden="true" className="size-4" />
                {t("admin.orders.pickupButton")}
              </button>
            </Form>
          </Section>
        )}

        {actions.includes("return") && (
          <Section title={t("admin.orders.returnTitle")}>
            <Form method="post" noValidate className="space-y-3 rounded-lg border border-brand-200 bg-brand-50/40 p-4">
              <TextField name="note" label={t("admin.orders.returnNote")} hint={t("admin.orders.returnHint")} multiline />
              <button type="submit" name="intent" value="return" className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
                <PackageCheck aria-hidden="true" className="size-4" />
                {t("admin.orders.returnButton")}
              </button>
            </Form>
          </Section>
        )}

        {loaderData.deposit && (
          <DepositPanel deposit={loaderData.deposit} order={order} captureCents={loaderData.damage.fees.fromDepositCents || undefined} />
        )}
        <DamageSection
          orderId={order.id}
          damage={loaderData.damage}
          history={loaderData.damageHistory}
          persons={persons}
          reply={actionData}
        />

        <Section title={t("admin.orders.payments")}>
          {payments.length === 0 ? (
            <p className="text-sm text-slate-600">{t("admin.orders.noPayments")}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {payments.map((p) => {
                const words = paymentWords(p.provider, p.method);
                return (
                  <li key={p.id} data-payment>
                    {when(p.createdAt)} · {t(words.provider)}
                    {words.method ? ` (${t(words.method)})` : ""} · {t(`admin.orders.paymentStatus.${p.status}`)} ·{" "}
                    {formatMoney(p.amountCents, locale)}
                    {p.refundedCents > 0 ? ` · ${t("admin.orders.refunded", { amount: formatMoney(p.refundedCents, locale) })}` : ""}
                  </li>
                );
              })}
            </ul>
          )}
        </Section>

        <Section title={t("admin.orders.emails")}>
          {emails.length === 0 ? (
            <p className="text-sm text-slate-600">{t("admin.orders.noEmails")}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {emails.map((e) => (
                <li key={`${e.kind}-${e.createdAt}`}>
                  <span className="font-medium">{t(`admin.orders.emailKind.${orderEmailKind(e.kind)}`)}</span> · {when(e.createdAt)} ·{" "}
                  {e.to} · {e.sentAt ? t("admin.orders.sent", { at: when(e.sentAt) }) : t("admin.orders.queued")}
                  {e.lastError ? ` · ${e.lastError}` : ""}
                </li>
              ))}
            </ul>
          )}
          {actions.includes("resend") && (
            <Form method="post" className="mt-3">
              <button
                type="submit"
                name="intent"
                value="resend"
                className={`${button} border border-brand-700 text-brand-800 hover:bg-brand-50`}
              >
                <Mail aria-hidden="true" className="size-4" />
                {t("admin.orders.resend")}
              </button>
            </Form>
          )}
        </Section>

        {actions.includes("cancel") && (
          <details className="mt-10 rounded-lg border border-red-200 bg-red-50/40 p-4">
            <summary className="flex cursor-pointer items-center gap-2 font-semibold text-red-800">
              <XCircle aria-hidden="true" className="size-4" />
              {t("admin.orders.cancelOpen")}
            </summary>
            <Form method="post" noValidate className="mt-3 space-y-3">
              <p className="text-slate-800">{t("admin.orders.cancelWarning", { number: order.number })}</p>
              <label className="flex items-center gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  name="refund"
                  defaultChecked={order.status === "paid"}
                  disabled={order.status !== "paid"}
                  className="size-4"
                />
                {t("admin.orders.cancelRefund", { amount: formatMoney(order.totalCents, locale) })}
              </label>
              <TextField name="reason" label={t("admin.orders.cancelReason")} />
              <button type="submit" name="intent" value="cancel" className={`${button} bg-red-700 text-white hover:bg-red-800`}>
                {t("admin.orders.cancelButton", { number: order.number })}
              </button>
            </Form>
          </details>
        )}
      </FormValues>
      <AuditTrail entries={audit} />
    </AdminPage>
  );
}
