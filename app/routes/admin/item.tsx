import { data, Form, redirect } from "react-router";
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
import { formatMoney, formatPercent } from "../../components/format";
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
  surchargeId,
  surchargeSchema,
  usesUnits,
} from "../../domain/admin/item";
import { pictureUpload } from "../../domain/admin/item-picture";
import { addUnitsSchema, calendarMonth, unitChangeSchema, unitId } from "../../domain/admin/item-units";
import { localizePath, pick, splitLocale } from "../../domain/i18n";
import { rowId } from "../../domain/ids";
import { useTranslation } from "../../i18n/react";
import { parsePosted, readItemPost, refusedOn } from "../../server/admin/item-forms.server";
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
import { forbidden, requireBackOffice } from "../../server/auth/guards.server";
import { notFound, param } from "../../server/http/errors.server";
import { addItemPictures, deleteItemPicture, moveItemPicture } from "../../server/media/item-pictures.server";
import type { Route } from "./+types/item";

const pictureName = z.string().regex(/^[0-9a-f]{16}-\d{1,5}x\d{1,5}$/);

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireBackOffice(request);
  const id = param(rowId, params.id);
  const found = await getItem(id, user.shopIds);
  if (!found) notFound();
  const month = calendarMonth.safeParse(new URL(request.url).searchParams.get("month")).data ?? currentMonth();
  const withUnits = usesUnits(found.item.kind);
  const [units, calendar, categories] = await Promise.all([
    withUnits ? listUnits(id, user.shopIds) : [],
    withUnits ? itemCalendar(id, month, user.shopIds) : null,
    user.role === "admin" ? itemCategories() : [],
  ]);
  return {
    ...found,
    units,
    calendar,
    categories,
    canEdit: user.role === "admin",
    formValues: itemFormValues(found.item),
    priceValues: priceTableValues(found.prices),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireBackOffice(request);
  const id = param(rowId, params.id);
  const { locale } = splitLocale(new URL(request.url).pathname);
  const page = localizePath(`/admin/item/${id}`, locale);
  /** Back to the page after a change (POST-redirect-GET), at the section that changed. */
  const saved = (section?: string) => redirect(section ? `${page}?saved=${section}#${section}` : `${page}?saved=1`);
  // Staff may change units of their own branches; everything else on an item is the admin's.
  const adminOnly = () => {
    if (user.role !== "admin") forbidden();
  };
  const { intent, values, files } = await readItemPost(request);

  switch (intent) {
    case "save": {
      adminOnly();
      const form = parsePosted(itemSchema, values);
      if (!form.ok) return refusedOn("item", values, form.errors);
      const result = await updateItem(user.id, id, form.data);
      if (result === null) notFound();
      if (!result.ok) return refusedOn("item", values, result.errors);
      return saved();
    }
    case "delete": {
      adminOnly();
      const result = await deleteItem(user.id, id);
      if (result === null) notFound();
      if (!result.ok) return refusedOn("delete", {}, { form: "admin.items.deleteRefused" }, 409);
      return redirect(`${localizePath("/admin/items", locale)}?deleted=1`);
    }
    case "deactivate": {
      adminOnly();
      if ((await deactivateItem(user.id, id)) === null) notFound();
      return saved();
    }
    case "prices": {
      adminOnly();
      const form = parsePosted(priceTableSchema, values);
      if (!form.ok) return refusedOn("prices", values, form.errors);
      if (!(await savePriceTable(user.id, id, form.data))) notFound();
      return saved("prices");
    }
    case "addDay":
    case "removeDay": {
      // Without JavaScript the editor comes back with a column more or less; nothing is saved yet.
      adminOnly();
      const dayPrices = changeDays(values.dayPrices, intent === "addDay" ? "add" : "remove");
      return data({ target: "prices", values: { ...values, dayPrices }, errors: {} as Record<string, string> });
    }
    case "addSurcharge": {
      adminOnly();
      const form = parsePosted(surchargeSchema, values.snew ?? {});
      if (!form.ok) return refusedOn("surcharge-new", values, form.errors);
      if (!(await addSurcharge(user.id, id, form.data))) notFound();
      return saved("surcharges");
    }
    case "saveSurcharge":
    case "deleteSurcharge": {
      adminOnly();
      const sid = param(surchargeId, values.surchargeId);
      if (intent === "deleteSurcharge") {
        if (!(await deleteSurcharge(user.id, id, sid))) notFound();
        return saved("surcharges");
      }
      const form = parsePosted(surchargeSchema, values[`s${sid}`] ?? {});
      if (!form.ok) return refusedOn(`surcharge-${sid}`, values, form.errors);
      if (!(await updateSurcharge(user.id, id, sid, form.data))) notFound();
      return saved("surcharges");
    }
    case "uploadPictures": {
      adminOnly();
      const form = parsePosted(pictureUpload, { pictures: files });
      // One message for the upload field, whichever file it is about.
      if (!form.ok) return refusedOn("pictures", {}, { pictures: Object.values(form.errors)[0] });
      const result = await addItemPictures(user.id, id, form.data.pictures);
      if (result === null) notFound();
      if (!result.ok) return refusedOn("pictures", {}, result.errors);
      return saved("pictures");
    }
    case "pictureUp":
    case "pictureDown":
    case "deletePicture": {
      adminOnly();
      const name = param(pictureName, values.picture);
      const done =
        intent === "deletePicture"
          ? await deleteItemPicture(user.id, id, name)
          : await moveItemPicture(user.id, id, name, intent === "pictureUp" ? "up" : "down");
      if (!done) notFound();
      return saved("pictures");
    }
    case "addUnits": {
      const shopId = param(rowId, values.shopId);
      const unitValues = (values[`b${shopId}`] ?? {}) as Record<string, unknown>;
      const form = parsePosted(addUnitsSchema, { ...unitValues, shopId });
      if (!form.ok) return refusedOn(`units-${shopId}`, unitValues, form.errors);
      const result = await addUnits(user, id, form.data);
      if (result === null) notFound();
      if (!result.ok) return refusedOn(`units-${shopId}`, unitValues, result.errors);
      return saved("units");
    }
    case "saveUnit": {
      const form = parsePosted(unitChangeSchema, values);
      if (!form.ok) return refusedOn(`unit-${String(values.unitId)}`, values, form.errors);
      if (!(await changeUnit(user, id, form.data))) notFound();
      return saved("units");
    }
    case "deleteUnit": {
      const unit = param(unitId, values.unitId);
      const result = await deleteUnit(user, id, unit);
      if (result === null) notFound();
      if (!result.ok) return refusedOn(`unit-${unit}`, values, { status: "admin.items.errors.unitInUse" }, 409);
      return saved("units");
    }
    case "saveStock": {
      adminOnly();
      const form = parsePosted(stockSchema, values);
      if (!form.ok) return refusedOn("stock", values, form.errors);
      const result = await saveStock(user.id, id, form.data.stock);
      if (result === null) notFound();
      if (!result.ok) return refusedOn("stock", values, result.errors, 409);
      return saved("stock");
    }
    case "saveCapacity": {
      adminOnly();
      const form = parsePosted(capacitySchema, values);
      if (!form.ok) return refusedOn("capacity", values, form.errors);
      if (!(await saveCapacity(user.id, id, form.data.capacity))) notFound();
      return saved("capacity");
    }
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
  const reply = actionData && "target" in actionData ? actionData : undefined;
  const replyFor = (target: string) => (reply?.target === target ? reply : undefined);
  const pricesReply = replyFor("prices");
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
  const deleteError = replyFor("delete")?.errors.form;
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
          <>
            <FormStatus errors={replyFor("item")?.errors} />
            <Form method="post" noValidate className="space-y-6">
              <ItemFields
                values={replyFor("item")?.values ?? loaderData.formValues}
                errors={replyFor("item")?.errors}
                categories={loaderData.categories}
              />
              <SaveButton />
            </Form>
          </>
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
              <PriceTableEditor
                key={JSON.stringify(replyFor("prices")?.values ?? loaderData.priceValues)}
                values={pricesReply ? postedPriceValues(pricesReply.values) : loaderData.priceValues}
                errors={replyFor("prices")?.errors}
              />
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
            <UnitsByBranch branches={loaderData.branches} units={loaderData.units} sizes={item.sizes} reply={reply} />
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
