import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { FormStatus, SaveButton } from "../../components/admin/form";
import { AuditTrail, DeleteRecord } from "../../components/admin/record";
import { ClosedDays, HoursEditor, ShopFields, type ShopReply } from "../../components/admin/shop-form";
import { AdminPage, DataTable, Section } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocalPath } from "../../components/use-locale";
import { closedDaySchema, hoursSchema, reopenDaySchema, shopDeleteBlock, shopSchema } from "../../domain/admin/shop";
import { fieldErrors } from "../../domain/forms";
import { localizePath, splitLocale } from "../../domain/i18n";
import { rowId } from "../../domain/ids";
import { useTranslation } from "../../i18n/react";
import { closeShopDay, deleteShop, getShop, reopenShopDay, saveHours, shopToday, updateShop } from "../../server/admin/shops.server";
import { requireAdmin } from "../../server/auth/guards.server";
import { notFound, param } from "../../server/http/errors.server";
import { readForm } from "../../server/http/forms.server";
import type { Route } from "./+types/shop";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const found = await getShop(param(rowId, params.id));
  if (!found) notFound();
  return { ...found, today: shopToday() };
}

/** The page has several forms; a refusal says which one it answers, so only that one shows the messages. */
function refusedFor(intent: string, values: Record<string, unknown>, errors: Record<string, string>) {
  return data({ intent, values, errors } satisfies ShopReply, { status: 400 });
}

function check<S extends z.ZodType>(schema: S, values: Record<string, unknown>) {
  const parsed = schema.safeParse(values);
  return parsed.success ? ({ ok: true, data: parsed.data } as const) : ({ ok: false, errors: fieldErrors(parsed.error) } as const);
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const id = param(rowId, params.id);
  const { locale } = splitLocale(new URL(request.url).pathname);
  const here = localizePath(`/admin/shop/${id}`, locale);
  const { intent, values } = await readForm(request, z.unknown());
  switch (intent) {
    case "delete": {
      const deleted = await deleteShop(user.id, id);
      if (deleted === null) notFound();
      if (!deleted.ok) return refusedFor(intent, {}, { form: "admin.shops.deleteRefused" });
      return redirect(`${localizePath("/admin/shops", locale)}?deleted=1`);
    }
    case "hours": {
      const form = check(hoursSchema, values);
      if (!form.ok) return refusedFor(intent, values, form.errors);
      const saved = await saveHours(user.id, id, form.data);
      if (saved === null) notFound();
      if (!saved.ok) return refusedFor(intent, values, saved.errors);
      return redirect(`${here}?saved=1`);
    }
    case "closeDay": {
      const form = check(closedDaySchema, values);
      if (!form.ok) return refusedFor(intent, values, form.errors);
      const closed = await closeShopDay(user.id, id, form.data.day, form.data.reason);
      if (closed === null) notFound();
      if (!closed.ok) return refusedFor(intent, values, closed.errors);
      return redirect(`${here}?saved=1${closed.affected > 0 ? `&affected=${closed.affected}` : ""}`);
    }
    case "reopenDay": {
      const form = check(reopenDaySchema, values);
      if (!form.ok) return refusedFor(intent, values, { form: "admin.shops.errors.notClosed" });
      const reopened = await reopenShopDay(user.id, id, form.data.day);
      if (!reopened) return refusedFor(intent, values, { form: "admin.shops.errors.notClosed" });
      return redirect(`${here}?saved=1`);
    }
    default: {
      const form = check(shopSchema, values);
      if (!form.ok) return refusedFor("save", values, form.errors);
      const saved = await updateShop(user.id, id, form.data);
      if (saved === null) notFound();
      if (!saved.ok) return refusedFor("save", values, saved.errors);
      return redirect(`${here}?saved=1`);
    }
  }
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.shops");

export default function ShopRecord({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalPath();
  const { shop, weeks, closed, staff, uses, audit, today } = loaderData;
  const reply = actionData as ShopReply | undefined;
  const saveReply = reply?.intent === "save" || reply?.intent === "delete" ? reply : undefined;
  // Hours sent for a storefront the branch no longer serves (a page open from before): no editor to show them in.
  const strayHours = reply?.intent === "hours" && !(shop.appIds as string[]).includes(String(reply.values.appId)) ? reply : undefined;
  const block = shopDeleteBlock(uses);
  type Staff = (typeof staff)[number];
  return (
    <AdminPage title={shop.name} back="/admin/shops">
      <FormStatus errors={saveReply?.errors} />
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
      </p>
      {/* Keyed by the stored record: after a save the form shows what was stored (normalized), not what was typed. */}
      <Form key={String(shop.updatedAt)} method="post" noValidate className="space-y-6">
        <ShopFields values={reply?.intent === "save" ? reply.values : shop} errors={saveReply?.errors} />
        <SaveButton />
      </Form>
      <Section title={t("admin.shop.hours")}>
        {strayHours && <FormStatus errors={strayHours.errors} />}
        {shop.appIds.length === 0 ? (
          <p className="text-sm text-slate-600">{t("admin.shops.noStorefront")}</p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            {shop.appIds.map((appId) => (
              <HoursEditor key={`${appId} ${JSON.stringify(weeks[appId])}`} appId={appId} week={weeks[appId]} reply={reply} />
            ))}
          </div>
        )}
      </Section>
      <Section title={t("admin.shop.closedDays")}>
        <ClosedDays key={closed.map((c) => c.day).join()} days={closed} reply={reply} today={today} />
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
