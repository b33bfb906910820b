import { data, Form } from "react-router";
import { z } from "zod";
import { FormStatus, SaveButton } from "../../components/admin/form";
import { ItemCalendar } from "../../components/admin/item-calendar";
import { ItemFields } from "../../components/admin/item-form";
import { ItemPictures } from "../../components/admin/item-pictures";
import { PriceTableEditor, Surcharges } from "../../components/admin/item-prices";
import { ItemSection, secondaryButton } from "../../components/admin/item-ui";
import { CapacityTable, StockTable, UnitsByBranch } from "../../components/admin/item-units";
import { AuditTrail, DeleteRecord } from "../../components/admin/record";
import { AdminPage, Fields, YesNo } from "../../components/admin/ui";
import { FormValues, replyFor } from "../../components/form-values";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import {
  capacitySchema,
  changeDays,
  itemFormValues,
  itemSchema,
  postedPriceValues,
  priceTableSchema,
  priceTableValues,
  stockSchema,
  surchargeSchema,
  usesUnits,
} from "../../domain/admin/item";
import { MAX_UPLOAD_BYTES, pictureUpload } from "../../domain/admin/item-picture";
import { addUnitsSchema, calendarMonth, unitChangeSchema } from "../../domain/admin/item-units";
import { formatMoney, formatPercent } from "../../domain/format";
import { parse } from "../../domain/forms";
import { pick } from "../../domain/i18n";
import { rowId } from "../../domain/ids";
import { fail, type Result } from "../../domain/result";
import { useTranslation } from "../../i18n/react";
import { addUnits, changeUnit, currentMonth, deleteUnit, itemCalendar, listUnits } from "../../server/admin/item-units.server";
import {
  addSurcharge,
  deactivateItem,
  deleteItem,
  deleteSurcharge,
  getItem,
  itemCategories,
  saveCapacity,
  savePriceTable,
  saveStock,
  updateItem,
  updateSurcharge,
} from "../../server/admin/items.server";
import { releaseUnit } from "../../server/counter/damage.server";
import { requireBackOffice } from "../../server/http/back-office-guards.server";
import { readForm, saveForm } from "../../server/http/forms.server";
import { readQuery } from "../../server/http/query.server";
import { echo, forbidden, found, param, redirectTo, refuse } from "../../server/http/results.server";
import { addPictures, deletePictureOf, movePictureOf } from "../../server/media/pictures.server";
import type { Route } from "./+types/item";

const pictureName = z.string().regex(/^[0-9a-f]{16}-\d{1,5}x\d{1,5}$/);

/** The month of the units' calendar (`?month=2027-01`); a malformed one shows this month. */
const itemQuery = z.object({ month: calendarMonth.optional().catch(undefined) });

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireBackOffice(request);
  const id = param(rowId, params.id);
  const record = found(await getItem(id, user.shopIds));
  const month = readQuery(request, itemQuery).month ?? currentMonth();
  const withUnits = usesUnits(record.item.kind);
  const [units, calendar, categories] = await Promise.all([
    withUnits ? listUnits(id, user.shopIds) : [],
    withUnits ? itemCalendar(id, month, user.shopIds) : null,
    user.role === "admin" ? itemCategories() : [],
  ]);
  return {
    ...record,
    units,
    calendar,
    categories,
    canEdit: user.role === "admin",
    formValues: itemFormValues(record.item),
    priceValues: priceTableValues(record.prices),
  };
}

/**
 * The page holds several forms (the item, its prices, surcharges, units, stock, pictures); each posts an
 * `intent`, and a refusal names its form (`target`) so that only that form shows the messages.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireBackOffice(request);
  const id = param(rowId, params.id);
  /** Back to the page after a change (POST-redirect-GET), at the section that changed. */
  const page = (section?: string) => `/admin/item/${id}${section ? `?saved=${section}#${section}` : "?saved=1"}`;
  const saved = (section?: string) => redirectTo(request, page(section));
  // Staff may change units of their own branches; everything else on an item is the admin's.
  const adminOnly = () => {
    if (user.role !== "admin") forbidden();
  };
  const form = await readForm(request, { uploadBytes: MAX_UPLOAD_BYTES });
  const { intent, values } = form;
  /** One of the page's forms (`target`), its fields maybe under a `prefix`, saved by `change`. */
  const apply = <S extends z.ZodType>(
    target: string,
    schema: S,
    posted: unknown,
    change: (input: z.infer<S>) => Promise<Result<unknown>>,
    section?: string,
    prefix?: string,
  ) => saveForm(request, form, schema, change, () => page(section), { values: posted, target, prefix });

  switch (intent) {
    case "save":
      adminOnly();
      return apply("item", itemSchema, values, (input) => updateItem(user.id, id, input));
    case "delete": {
      adminOnly();
      const deleted = await deleteItem(user.id, id);
      return deleted.ok ? redirectTo(request, "/admin/items?deleted=1") : refuse(deleted, null, "delete");
    }
    case "deactivate": {
      adminOnly();
      const done = await deactivateItem(user.id, id);
      return done.ok ? saved() : refuse(done, form);
    }
    case "prices":
      adminOnly();
      return apply("prices", priceTableSchema, values, (input) => savePriceTable(user.id, id, input), "prices");
    case "addDay":
    case "removeDay":
      // Without JavaScript the editor comes back with a column more or less; nothing is saved yet.
      adminOnly();
      return echo({ values: { ...values, dayPrices: changeDays(values.dayPrices, intent === "addDay" ? "add" : "remove") } }, "prices");
    case "addSurcharge":
      adminOnly();
      return apply("surcharge-new", surchargeSchema, values.snew ?? {}, (input) => addSurcharge(user.id, id, input), "surcharges", "snew");
    case "saveSurcharge":
    case "deleteSurcharge": {
      adminOnly();
      const sid = param(rowId, values.surchargeId);
      if (intent === "deleteSurcharge") {
        const deleted = await deleteSurcharge(user.id, id, sid);
        return deleted.ok ? saved("surcharges") : refuse(deleted, form);
      }
      return apply(
        `surcharge-${sid}`,
        surchargeSchema,
        values[`s${sid}`] ?? {},
        (input) => updateSurcharge(user.id, id, sid, input),
        "surcharges",
        `s${sid}`,
      );
    }
    case "uploadPictures": {
      adminOnly();
      const upload = parse(pictureUpload, { pictures: form.files.pictures ?? [] });
      // One message for the upload field, whichever file it is about.
      if (!upload.ok)
        return refuse(upload.reason === "invalid" ? fail.invalid({ pictures: Object.values(upload.errors)[0] }) : upload, null, "pictures");
      const added = await addPictures(user.id, "items", id, upload.value.pictures);
      return added.ok ? saved("pictures") : refuse(added, null, "pictures");
    }
    case "pictureUp":
    case "pictureDown":
    case "deletePicture": {
      adminOnly();
      const name = param(pictureName, values.picture);
      const done =
        intent === "deletePicture"
          ? await deletePictureOf(user.id, "items", id, name)
          : await movePictureOf(user.id, "items", id, name, intent === "pictureUp" ? "up" : "down");
      return done.ok ? saved("pictures") : refuse(done, form);
    }
    case "addUnits": {
      const shopId = param(rowId, values.shopId);
      const prefix = `b${shopId}`;
      return apply(
        `units-${shopId}`,
        addUnitsSchema,
        { ...(values[prefix] ?? {}), shopId },
        (input) => addUnits(user, id, input),
        "units",
        prefix,
      );
    }
    case "saveUnit":
      return apply(`unit-${String(values.unitId)}`, unitChangeSchema, values, (input) => changeUnit(user, id, input), "units");
    case "deleteUnit": {
      const unit = param(rowId, values.unitId);
      const deleted = await deleteUnit(user, id, unit);
      return deleted.ok ? saved("units") : refuse(deleted, form, `unit-${unit}`);
    }
    case "releaseUnit": {
      // "Back in service" for a unit in repair (decision 046).
      const unit = param(rowId, values.unitId);
      const released = await releaseUnit(user, unit, id);
      return released.ok ? saved("units") : refuse(released, form, `unit-${unit}`);
    }
    case "saveStock":
      adminOnly();
      return apply("stock", stockSchema, values, (input) => saveStock(user.id, id, input.stock), "stock");
    case "saveCapacity":
      adminOnly();
      return apply("capacity", capacitySchema, values, (input) => saveCapacity(user.id, id, input.capacity), "capacity");
    default:
      throw data({ message: "Bad Request" }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.items");

export default function ItemRecord({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { item, category, canEdit, ties } = loaderData;
  const name = pick(item.name, locale);
  const reply = actionData;
  const pricesReply = replyFor(reply, "prices");
  const withUnits = usesUnits(item.kind);
  const sections: [string, string][] = [
    ["details", t("admin.items.details")],
    ...(withUnits
      ? ([
          ["prices", t("admin.item.prices")],
          ["surcharges", t("admin.items.surcharges")],
        ] as [string, string][])
      : []),
    ["pictures", t("admin.items.pictures")],
    ...(withUnits
      ? ([
          ["units", t("admin.item.units")],
          ["calendar", t("admin.items.calendar")],
        ] as [string, string][])
      : []),
    ...(item.kind === "sale" ? ([["stock", t("admin.items.stock")]] as [string, string][]) : []),
    ...(item.kind === "service" ? ([["capacity", t("admin.items.capacity")]] as [string, string][]) : []),
    ["audit-title", t("admin.audit.title")],
  ];
  const deleteBlocked = ties.orderLines > 0 ? t("admin.items.deleteBlocked", { count: ties.orderLines }) : null;
  const deleteError = replyFor(reply, "delete")?.errors.form;
  return (
    <AdminPage title={name} back="/admin/items">
      <p className="-mt-4 mb-4 text-sm text-slate-600">
        <code>{item.slug}</code> · {t(`season.${item.appId}`)} · {pick(category.name, locale)} · {t(`admin.kind.${item.kind}`)}
        {!item.active && (
          <strong className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-800">{t("admin.items.inactive")}</strong>
        )}
      </p>
      <nav aria-label={t("admin.items.sections")} className="mb-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          {sections.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`} className="inline-block rounded-full border border-slate-300 px-3 py-1 text-brand-800 hover:bg-slate-50">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <ItemSection id="details" title={t("admin.items.details")}>
        {canEdit ? (
          <FormValues reply={reply} target="item" initial={loaderData.formValues}>
            <FormStatus />
            <Form method="post" noValidate className="space-y-6">
              <ItemFields categories={loaderData.categories} />
              <SaveButton />
            </Form>
          </FormValues>
        ) : (
          <Fields
            fields={[
              [t("admin.field.slug"), <code key="slug">{item.slug}</code>],
              [t("admin.field.category"), pick(category.name, locale)],
              [t("admin.field.sizes"), item.sizes.join(", ") || "—"],
              [t("admin.items.level"), item.level ? t(`booking.skill.${item.level}`) : "—"],
              [t("admin.items.maxHeightCm"), item.maxHeightCm ?? "—"],
              [t("admin.field.maxShoeSize"), item.maxShoeSize ?? "—"],
              [t("admin.field.local"), <YesNo key="local" value={item.local} />],
              [t("admin.items.vatRate"), formatPercent(item.vatRateBp / 100, locale)],
              [t("admin.field.price"), item.priceCents === null ? "—" : formatMoney(item.priceCents, locale)],
              [t("admin.items.deposit"), item.depositCents > 0 ? formatMoney(item.depositCents, locale) : "—"],
              [t("admin.field.active"), <YesNo key="active" value={item.active} />],
              [t("admin.field.description"), pick(item.description, locale) || "—"],
            ]}
          />
        )}
      </ItemSection>

      {withUnits && (
        <>
          <ItemSection id="prices" title={t("admin.item.prices")}>
            {canEdit ? (
              <FormValues reply={reply} target="prices" initial={loaderData.priceValues}>
                <PriceTableEditor
                  key={JSON.stringify(pricesReply?.values ?? loaderData.priceValues)}
                  values={pricesReply ? postedPriceValues(pricesReply.values) : loaderData.priceValues}
                />
              </FormValues>
            ) : loaderData.prices ? (
              <ol className="flex flex-wrap gap-2 text-sm">
                {loaderData.prices.dayPrices.map((cents, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the index is the day count
                  <li key={i} className="rounded border border-slate-200 px-3 py-1">
                    {t("admin.item.days", { count: i + 1 })}: {formatMoney(cents, locale)}
                  </li>
                ))}
                <li className="rounded border border-slate-200 px-3 py-1">
                  {t("admin.item.extraDay")}: {formatMoney(loaderData.prices.extraDayCents, locale)}
                </li>
              </ol>
            ) : (
              <p className="text-sm text-slate-600">{t("admin.items.noPrices")}</p>
            )}
          </ItemSection>
          <ItemSection id="surcharges" title={t("admin.items.surcharges")}>
            <Surcharges surcharges={loaderData.surcharges} storefront={loaderData.storefrontSurcharges} reply={reply} canEdit={canEdit} />
          </ItemSection>
        </>
      )}

      <ItemSection id="pictures" title={t("admin.items.pictures")}>
        <ItemPictures itemId={item.id} itemName={name} pictures={item.pictures} canEdit={canEdit} reply={reply} />
      </ItemSection>

      {withUnits && (
        <>
          <ItemSection id="units" title={t("admin.item.units")}>
            <UnitsByBranch
              itemId={item.id}
              branches={loaderData.branches}
              units={loaderData.units}
              sizes={item.sizes}
              soles={item.sizing === "boot"}
              reply={reply}
            />
          </ItemSection>
          {loaderData.calendar && (
            <ItemSection id="calendar" title={t("admin.items.calendar")}>
              <ItemCalendar {...loaderData.calendar} branches={loaderData.branches} />
            </ItemSection>
          )}
        </>
      )}
      {item.kind === "sale" && (
        <ItemSection id="stock" title={t("admin.items.stock")}>
          <StockTable
            branches={loaderData.branches.filter((b) => b.serves)}
            sizes={item.sizes}
            stock={loaderData.stock}
            canEdit={canEdit}
            reply={reply}
          />
        </ItemSection>
      )}
      {item.kind === "service" && (
        <ItemSection id="capacity" title={t("admin.items.capacity")}>
          <CapacityTable
            branches={loaderData.branches.filter((b) => b.serves)}
            capacity={loaderData.capacity}
            canEdit={canEdit}
            reply={reply}
          />
        </ItemSection>
      )}

      {canEdit && (
        <>
          {deleteError && (
            <p role="alert" className="mt-10 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
              {t(deleteError)}
            </p>
          )}
          <DeleteRecord name={name} blocked={deleteBlocked}>
            {deleteBlocked && item.active && (
              <Form method="post" className="mt-3">
                <button type="submit" name="intent" value="deactivate" className={secondaryButton}>
                  {t("admin.items.deactivate")}
                </button>
              </Form>
            )}
            {deleteBlocked && !item.active && <p className="mt-2 text-sm text-slate-700">{t("admin.items.alreadyInactive")}</p>}
          </DeleteRecord>
        </>
      )}
      <AuditTrail entries={loaderData.audit} />
    </AdminPage>
  );
}
