/**
 * An item's pictures in display order (the first is the main picture in the shop), with moving and
 * deleting, and the upload form (multipart, works without JavaScript).
 */
import { ArrowDown, ArrowUp, Trash2, Upload } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { MAX_PICTURES_PER_UPLOAD, PICTURE_TYPES } from "../../domain/admin/item-picture";
import { pictureImage } from "../../domain/pictures";
import { useTranslation } from "../../i18n/react";
import { replyFor } from "../form-values";
import { Picture } from "../site/picture";
import { ItemSectionStatus, secondaryButton, smallButton } from "./item-ui";

export function ItemPictures({
  itemId,
  itemName,
  pictures,
  canEdit,
  reply,
}: {
  itemId: number;
  itemName: string;
  pictures: string[];
  canEdit: boolean;
  reply?: unknown;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const error = replyFor(reply, "pictures")?.errors.pictures;
  return (
    <div className="space-y-4">
      <ItemSectionStatus section="pictures" />
      {pictures.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.items.noPictures")}</p>
      ) : (
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {pictures.map((name, i) => {
            const image = pictureImage("items", itemId, name, "(min-width: 1024px) 20vw, (min-width: 640px) 45vw, 90vw");
            const alt = t("admin.items.pictureAlt", { name: itemName, number: i + 1 });
            return (
              <li key={name} className="rounded-lg border border-slate-200 p-2" data-picture={name}>
                {image && <Picture image={image} alt={alt} className="aspect-[4/3] h-auto w-full rounded object-contain" />}
                <p className="mt-1 text-xs text-slate-600">
                  {i === 0 ? t("admin.items.mainPicture") : t("admin.items.pictureNumber", { number: i + 1 })} · {image?.width}×
                  {image?.height}
                </p>
                {canEdit && (
                  <Form method="post" className="mt-2 flex flex-wrap gap-1">
                    <input type="hidden" name="picture" value={name} />
                    <button
                      type="submit"
                      name="intent"
                      value="pictureUp"
                      disabled={i === 0}
                      className={secondaryButton}
                      aria-label={t("admin.items.pictureUp", { number: i + 1 })}
                    >
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="pictureDown"
                      disabled={i === pictures.length - 1}
                      className={secondaryButton}
                      aria-label={t("admin.items.pictureDown", { number: i + 1 })}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="deletePicture"
                      className={secondaryButton}
                      aria-label={t("admin.items.deletePicture", { number: i + 1 })}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </button>
                  </Form>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {canEdit && (
        <Form method="post" encType="multipart/form-data" className="space-y-2 rounded-lg border border-slate-200 p-3">
          <label htmlFor="field-pictures" className="block text-sm font-medium">
            {t("admin.items.uploadLabel")}
          </label>
          <input
            id="field-pictures"
            type="file"
            name="pictures"
            multiple
            accept={PICTURE_TYPES.join(",")}
            aria-describedby={`field-pictures-hint${error ? " field-pictures-error" : ""}`}
            aria-invalid={error ? true : undefined}
            className="block text-sm file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-2"
          />
          <p id="field-pictures-hint" className="text-xs text-slate-600">
            {t("admin.items.uploadHint", { count: MAX_PICTURES_PER_UPLOAD })}
          </p>
          {error && (
            <p id="field-pictures-error" role="alert" className="text-sm text-red-700">
              {t(error)}
            </p>
          )}
          <button type="submit" name="intent" value="uploadPictures" aria-disabled={uploading || undefined} className={smallButton}>
            <Upload aria-hidden="true" className="size-4" />
            {uploading ? t("admin.items.uploading") : t("admin.items.upload")}
          </button>
        </Form>
      )}
    </div>
  );
}
