/**
 * An item's units grouped by branch (status and note per unit, adding units with generated or typed
 * codes, deleting a unit that was never booked), the sale stock per branch and size, and the service
 * capacity per branch. Staff see and change their own branches only; stock and capacity are the admin's.
 */
import { Plus, Tags, Trash2, Wrench } from "lucide-react";
import { Form } from "react-router";
import { MAX_UNITS_AT_ONCE } from "../../domain/admin/item-units";
import { UNIT_STATUSES } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { FormValues, replyFor } from "../form-values";
import { useLocalPath } from "../use-locale";
import { BookingsNote } from "./bookings-note";
import { adminInputClass, SelectField, TextField } from "./form";
import { ItemSectionStatus, secondaryButton, smallButton } from "./item-ui";

export type Branch = { id: number; name: string; serves: boolean };
export type UnitRow = {
  id: number;
  shopId: number;
  code: string;
  size: string | null;
  status: string;
  note: string | null;
  soleLengthMm: number | null;
  used: boolean;
  /** Bookings still on a unit out of service: no other unit was free for their days (decision 055). */
  stranded: { orderId: string; number: string; pickupAt: string; returnAt: string }[];
};

const statusTone: Record<string, string> = {
  active: "bg-emerald-100 text-emerald-900",
  maintenance: "bg-amber-100 text-amber-900",
  retired: "bg-slate-200 text-slate-800",
};

function UnitLine({ unit, soles, reply }: { unit: UnitRow; soles: boolean; reply?: unknown }) {
  const { t } = useTranslation();
  const formId = `unit-${unit.id}`;
  const mine = replyFor(reply, formId);
  const values = mine?.values ?? { status: unit.status, note: unit.note ?? "", soleLengthMm: unit.soleLengthMm ?? "" };
  const error = mine ? Object.values(mine.errors)[0] : undefined;
  return (
    <>
      <tr data-unit={unit.code}>
        <th scope="row" className="px-3 py-2 text-left font-mono font-medium">
          {unit.code}
        </th>
        <td className="px-3 py-2">{unit.size ?? "—"}</td>
        <td className="px-3 py-2">
          <select
            form={formId}
            name="status"
            defaultValue={String(values.status ?? unit.status)}
            aria-label={t("admin.items.statusOf", { code: unit.code })}
            className={`${adminInputClass} mt-0 ${statusTone[unit.status] ?? ""}`}
          >
            {UNIT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`admin.unitStatus.${status}`)}
              </option>
            ))}
          </select>
        </td>
        <td className="px-3 py-2">
          <input
            form={formId}
            name="note"
            defaultValue={String(values.note ?? "")}
            aria-label={t("admin.items.noteOf", { code: unit.code })}
            className={`${adminInputClass} mt-0 min-w-48`}
          />
          {error && <p className="mt-1 text-xs text-red-700">{t(error)}</p>}
        </td>
        {soles && (
          <td className="px-3 py-2">
            <input
              form={formId}
              name="soleLengthMm"
              inputMode="numeric"
              defaultValue={String(values.soleLengthMm ?? "")}
              aria-label={t("admin.items.soleLengthOf", { code: unit.code })}
              className={`${adminInputClass} mt-0 w-20`}
            />
          </td>
        )}
        <td className="px-3 py-2">
          <Form method="post" id={formId} className="flex flex-wrap items-center gap-2">
            <input type="hidden" name="unitId" value={unit.id} />
            <button
              type="submit"
              name="intent"
              value="saveUnit"
              className={secondaryButton}
              aria-label={t("admin.items.saveUnit", { code: unit.code })}
            >
              {t("admin.form.save")}
            </button>
            {unit.status === "maintenance" && (
              <button
                type="submit"
                name="intent"
                value="releaseUnit"
                className={secondaryButton}
                aria-label={t("admin.damage.releaseButton", { code: unit.code })}
              >
                <Wrench aria-hidden="true" className="size-4" />
                {t("admin.damage.release")}
              </button>
            )}
            {unit.used ? (
              <span className="text-xs text-slate-600">{t("admin.items.unitUsed")}</span>
            ) : (
              <button
                type="submit"
                name="intent"
                value="deleteUnit"
                className={secondaryButton}
                aria-label={t("admin.items.deleteUnit", { code: unit.code })}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            )}
          </Form>
        </td>
      </tr>
      {unit.stranded.length > 0 && <StrandedRow unit={unit} columns={soles ? 6 : 5} />}
    </>
  );
}

/** The bookings still on a unit out of service. */
function StrandedRow({ unit, columns }: { unit: UnitRow; columns: number }) {
  const { t } = useTranslation();
  return (
    <tr data-stranded={unit.code}>
      <td colSpan={columns} className="px-3 pb-2">
        <BookingsNote
          message={t("admin.items.stranded", { count: unit.stranded.length })}
          bookings={unit.stranded}
          className="sticky left-3 w-fit max-w-[min(40rem,calc(100vw-4rem))]"
        />
      </td>
    </tr>
  );
}

function AddUnits({ branch, sizes, soles, reply }: { branch: Branch; sizes: string[]; soles: boolean; reply?: unknown }) {
  const { t } = useTranslation();
  const target = `units-${branch.id}`;
  const mine = replyFor(reply, target);
  // Field names carry the branch so that their ids stay unique on a page with several branches.
  const prefix = `b${branch.id}`;
  const branchError = mine?.errors[`${prefix}.shopId`];
  return (
    <details className="mt-3 rounded-lg border border-slate-200 p-3" open={Boolean(mine)}>
      <summary className="cursor-pointer font-medium text-brand-700">{t("admin.items.addUnitsAt", { branch: branch.name })}</summary>
      <FormValues reply={reply} target={target} initial={{ [prefix]: { count: "1" } }}>
        <Form method="post" noValidate className="mt-3 space-y-3">
          <input type="hidden" name="shopId" value={branch.id} />
          {branchError && <p className="text-sm text-red-700">{t(branchError)}</p>}
          <div className="grid gap-3 sm:grid-cols-3">
            {sizes.length > 0 && (
              <SelectField
                name={`${prefix}.size`}
                label={t("admin.field.size")}
                placeholder={t("admin.items.chooseSize")}
                options={sizes.map((size) => ({ value: size, label: size }))}
              />
            )}
            <TextField
              name={`${prefix}.count`}
              label={t("admin.items.unitCount")}
              type="number"
              inputMode="numeric"
              hint={t("admin.items.unitCountHint", { max: MAX_UNITS_AT_ONCE })}
              required
            />
            <TextField name={`${prefix}.code`} label={t("admin.field.code")} hint={t("admin.items.unitCodeHint")} />
            {soles && (
              <TextField
                name={`${prefix}.soleLengthMm`}
                label={t("admin.items.soleLength")}
                hint={t("admin.items.soleLengthHint")}
                inputMode="numeric"
              />
            )}
          </div>
          <button type="submit" name="intent" value="addUnits" className={smallButton}>
            <Plus aria-hidden="true" className="size-4" />
            {t("admin.items.addUnits")}
          </button>
        </Form>
      </FormValues>
    </details>
  );
}

/** A link to a label sheet (decision 048), with the sheet's layout as its description. */
function LabelsLink({ href, children }: { href: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={href} className="inline-flex items-center gap-1 font-medium text-brand-700 underline" title={t("admin.labels.layout")}>
      <Tags aria-hidden="true" className="size-4 shrink-0" />
      {children}
    </a>
  );
}

export function UnitsByBranch({
  itemId,
  branches,
  units,
  sizes,
  soles,
  reply,
}: {
  itemId: number;
  branches: Branch[];
  units: UnitRow[];
  sizes: string[];
  /** Boots: each unit's sole length, which the binding setting needs. */
  soles: boolean;
  reply?: unknown;
}) {
  const { t } = useTranslation();
  const href = useLocalPath();
  const labels = `/admin/item/${itemId}/labels.pdf`;
  return (
    <div className="space-y-8">
      <ItemSectionStatus section="units" />
      {branches.length === 0 && <p className="text-sm text-slate-600">{t("admin.items.noBranches")}</p>}
      {units.some((u) => u.status !== "retired") && (
        <div className="text-sm">
          <LabelsLink href={href(labels)}>{t("admin.labels.all")}</LabelsLink>
          <p className="mt-1 text-xs text-slate-600">{t("admin.labels.layout")}</p>
        </div>
      )}
      {branches.map((branch) => {
        const rows = units.filter((u) => u.shopId === branch.id);
        const active = rows.filter((u) => u.status === "active").length;
        return (
          <section key={branch.id} aria-labelledby={`branch-${branch.id}`} data-branch={branch.id}>
            <h3 id={`branch-${branch.id}`} className="text-lg font-semibold">
              {branch.name}{" "}
              <span className="text-sm font-normal text-slate-600">{t("admin.items.unitsSummary", { count: rows.length, active })}</span>
            </h3>
            {rows.some((u) => u.status !== "retired") && (
              <p className="mt-1 text-sm">
                <LabelsLink href={href(`${labels}?shop=${branch.id}`)}>{t("admin.labels.branch", { branch: branch.name })}</LabelsLink>
              </p>
            )}
            {rows.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{t("admin.items.noUnits")}</p>
            ) : (
              <div className="mt-2 overflow-x-auto rounded-lg border border-slate-200">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">{t("admin.items.unitsAt", { branch: branch.name })}</caption>
                  <thead className="bg-slate-50">
                    <tr>
                      <th scope="col" className="px-3 py-2">
                        {t("admin.field.code")}
                      </th>
                      <th scope="col" className="px-3 py-2">
                        {t("admin.field.size")}
                      </th>
                      <th scope="col" className="px-3 py-2">
                        {t("admin.field.status")}
                      </th>
                      <th scope="col" className="px-3 py-2">
                        {t("admin.items.note")}
                      </th>
                      {soles && (
                        <th scope="col" className="px-3 py-2">
                          {t("admin.items.soleLengthShort")}
                        </th>
                      )}
                      <th scope="col" className="px-3 py-2">
                        <span className="sr-only">{t("admin.items.actions")}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200">
                    {rows.map((unit) => (
                      <UnitLine key={unit.id} unit={unit} soles={soles} reply={reply} />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {branch.serves && <AddUnits branch={branch} sizes={sizes} soles={soles} reply={reply} />}
          </section>
        );
      })}
    </div>
  );
}

export type StockRow = { shopId: number; size: string; quantity: number };

/** Sale stock: one row per branch, one column per size; each input remembers the number it was loaded with. */
export function StockTable({
  branches,
  sizes,
  stock,
  canEdit,
  reply,
}: {
  branches: Branch[];
  sizes: string[];
  stock: StockRow[];
  canEdit: boolean;
  reply?: unknown;
}) {
  const { t } = useTranslation();
  const columns = sizes.length > 0 ? sizes : [""];
  const quantity = (shopId: number, size: string) => stock.find((s) => s.shopId === shopId && s.size === size)?.quantity ?? 0;
  const errors = replyFor(reply, "stock")?.errors;
  const table = (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="text-left text-sm">
        <caption className="sr-only">{t("admin.items.stock")}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t("admin.field.shop")}
            </th>
            {columns.map((size) => (
              <th key={size} scope="col" className="px-3 py-2 text-right">
                {size || t("admin.items.quantity")}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {branches.map((branch) => (
            <tr key={branch.id}>
              <th scope="row" className="px-3 py-2 font-medium">
                {branch.name}
              </th>
              {columns.map((size, i) => {
                const name = `stock.${branch.id}.${i}.quantity`;
                const now = quantity(branch.id, size);
                return (
                  <td key={size} className="px-3 py-2 text-right tabular-nums">
                    {canEdit ? (
                      <>
                        <input type="hidden" name={`stock.${branch.id}.${i}.was`} value={now} />
                        <input
                          name={name}
                          type="number"
                          min={0}
                          inputMode="numeric"
                          defaultValue={now}
                          aria-label={t("admin.items.stockOf", { branch: branch.name, size: size || "—" })}
                          aria-invalid={errors?.[name] ? true : undefined}
                          className={`${adminInputClass} mt-0 w-20 text-right`}
                        />
                        {errors?.[name] && <p className="mt-1 max-w-40 text-left text-xs text-red-700">{t(errors[name])}</p>}
                      </>
                    ) : (
                      now
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  if (!canEdit) return table;
  return (
    <FormValues reply={reply} target="stock">
      <Form method="post" noValidate className="space-y-3">
        <ItemSectionStatus section="stock" />
        <p className="text-sm text-slate-600">{t("admin.items.stockHint")}</p>
        {table}
        <button type="submit" name="intent" value="saveStock" className={smallButton}>
          {t("admin.items.saveStock")}
        </button>
      </Form>
    </FormValues>
  );
}

export function CapacityTable({
  branches,
  capacity,
  canEdit,
  reply,
}: {
  branches: Branch[];
  capacity: { shopId: number; perDay: number }[];
  canEdit: boolean;
  reply?: unknown;
}) {
  const { t } = useTranslation();
  const perDay = (shopId: number) => capacity.find((c) => c.shopId === shopId)?.perDay;
  if (!canEdit) {
    return (
      <ul className="space-y-1 text-sm">
        {branches.map((b) => (
          <li key={b.id}>
            {b.name}: {perDay(b.id) === undefined ? t("admin.items.notOffered") : t("admin.items.perDay", { count: perDay(b.id) })}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <FormValues reply={reply} target="capacity" initial={{ capacity: Object.fromEntries(branches.map((b) => [b.id, perDay(b.id) ?? ""])) }}>
      <Form method="post" noValidate className="space-y-3">
        <ItemSectionStatus section="capacity" />
        <p className="text-sm text-slate-600">{t("admin.items.capacityHint")}</p>
        <div className="grid gap-3 sm:grid-cols-3">
          {branches.map((b) => (
            <TextField key={b.id} name={`capacity.${b.id}`} label={b.name} type="number" inputMode="numeric" />
          ))}
        </div>
        <button type="submit" name="intent" value="saveCapacity" className={smallButton}>
          {t("admin.items.saveCapacity")}
        </button>
      </Form>
    </FormValues>
  );
}
