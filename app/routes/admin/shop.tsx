import { Form, Link } from "react-router";
import { FormStatus, SaveButton } from "../../components/admin/form";
import { AuditTrail, DeleteRecord } from "../../components/admin/record";
import { ClosedDays, HoursEditor, ShopFields } from "../../components/admin/shop-form";
import { AdminPage, DataTable, Section } from "../../components/admin/ui";
import { FormValues, replyFor } from "../../components/form-values";
import { adminMeta } from "../../components/meta";
import { useLocalPath } from "../../components/use-locale";
import { closedDaySchema, hoursSchema, reopenDaySchema, shopDeleteBlock, shopSchema } from "../../domain/admin/shop";
import { parse } from "../../domain/forms";
import { rowId } from "../../domain/ids";
import { fail } from "../../domain/result";
import { useTranslation } from "../../i18n/react";
import { closeShopDay, deleteShop, getShop, reopenShopDay, saveHours, shopToday, updateShop } from "../../server/admin/shops.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readForm, saveForm } from "../../server/http/forms.server";
import { found, param, redirectTo, refuse } from "../../server/http/results.server";
import type { Route } from "./+types/shop";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { ...found(await getShop(param(rowId, params.id))), today: shopToday() };
}

/** The page has several forms: a refusal names its target (the main form has none), so only that one shows the messages. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const id = param(rowId, params.id);
  const here = `/admin/shop/${id}`;
  const form = await readForm(request);
  switch (form.intent) {
    case "delete": {
      const deleted = await deleteShop(user.id, id);
      if (!deleted.ok) return refuse(deleted, form, "delete");
      return redirectTo(request, "/admin/shops?deleted=1");
    }
    case "hours": {
      const input = parse(hoursSchema, form.values);
      if (!input.ok) return refuse(input, form, "hours");
      const saved = await saveHours(user.id, id, input.value);
      if (!saved.ok) return refuse(saved, form, "hours");
      return redirectTo(request, `${here}?saved=1`);
    }
    case "closeDay": {
      const input = parse(closedDaySchema, form.values);
      if (!input.ok) return refuse(input, form, "closeDay");
      const closed = await closeShopDay(user.id, id, input.value.day, input.value.reason);
      if (!closed.ok) return refuse(closed, form, "closeDay");
      const { affected } = closed.value;
      return redirectTo(request, `${here}?saved=1${affected > 0 ? `&affected=${affected}` : ""}`);
    }
    case "reopenDay": {
      const input = parse(reopenDaySchema, form.values);
      // The reopen buttons have no field to show a message beside: a day that is no date was not closed either.
      const reopened = input.ok
        ? await reopenShopDay(user.id, id, input.value.day)
        : fail.invalid({ form: "admin.shops.errors.notClosed" });
      if (!reopened.ok) return refuse(reopened, form, "reopenDay");
      return redirectTo(request, `${here}?saved=1`);
    }
    default: {
      return saveForm(
        request,
        form,
        shopSchema,
        (input) => updateShop(user.id, id, input),
        () => `${here}?saved=1`,
      );
    }
  }
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.shops");

export default function ShopRecord({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalPath();
  const { shop, weeks, closed, staff, uses, audit, today } = loaderData;
  const refusedDelete = replyFor(actionData, "delete");
  const hours = replyFor(actionData, "hours");
  // Hours sent for a storefront the branch no longer serves (a page open from before): no editor to show them in.
  const strayHours = hours && !(shop.appIds as string[]).includes(String(hours.values.appId)) ? hours : undefined;
  const block = shopDeleteBlock(uses);
  type Staff = (typeof staff)[number];
  return (
    <AdminPage title={shop.name} back="/admin/shops">
      <FormValues reply={actionData} initial={shop}>
        {refusedDelete ? <FormStatus reply={refusedDelete} /> : <FormStatus />}
        <p className="mb-4 text-sm text-slate-700">
          {t("admin.field.slug")}: <code>{shop.slug}</code>
          {shop.active && (
            <>
              {" · "}
              <Link to={href(`/shop/${shop.slug}`)} className="font-medium text-brand-700 underline">
                {t("admin.shops.publicPage")}
              </Link>
            </>
          )}
          {" · "}
          {t("admin.shops.unitsCount", { count: uses.units })}
          {uses.units > 0 && (
            <>
              {" · "}
              <a
                href={href(`/admin/shop/${shop.id}/labels.pdf`)}
                className="font-medium text-brand-700 underline"
                title={t("admin.labels.layout")}
              >
                {t("admin.labels.shop")}
              </a>
            </>
          )}
        </p>
        {/* Keyed by the stored record: after a save the form shows what was stored (normalized), not what was typed. */}
        <Form key={String(shop.updatedAt)} method="post" noValidate className="space-y-6">
          <ShopFields />
          <SaveButton />
        </Form>
      </FormValues>
      <Section title={t("admin.shop.hours")}>
        {strayHours && <FormStatus reply={strayHours} />}
        {shop.appIds.length === 0 ? (
          <p className="text-sm text-slate-600">{t("admin.shops.noStorefront")}</p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            {shop.appIds.map((appId) => (
              <HoursEditor key={`${appId} ${JSON.stringify(weeks[appId])}`} appId={appId} week={weeks[appId]} reply={actionData} />
            ))}
          </div>
        )}
      </Section>
      <Section title={t("admin.shop.closedDays")}>
        <ClosedDays key={closed.map((c) => c.day).join()} days={closed} reply={actionData} today={today} />
      </Section>
      <Section title={t("admin.shops.staff")}>
        <DataTable<Staff>
          rows={staff}
          rowHref={(u) => `/admin/user/${u.id}`}
          empty={t("admin.shops.noStaff")}
          columns={[
            { key: "email", label: t("admin.field.email"), cell: (u) => u.email },
            { key: "name", label: t("admin.field.name"), cell: (u) => u.name || "—" },
            { key: "role", label: t("admin.field.role"), cell: (u) => t(`admin.role.${u.role}`) },
          ]}
        />
      </Section>
      <DeleteRecord
        name={shop.name}
        blocked={block ? `${t(block.key, { count: block.count })} ${t("admin.shops.deactivateInstead")}` : null}
      />
      <AuditTrail entries={audit} />
    </AdminPage>
  );
}
