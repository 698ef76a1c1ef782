/**
 * The rest of /admin/catalog: zebra collections (rate) and fabrics (name, on sale), the
 * installation tiers, the track rate, and the colours (name, swatch, add one). Prices are
 * previewed before saving with the store's own pricing engine.
 */
import { useState } from "react";
import { amountToCents } from "../../../../domain/shared/money";
import { PREVIEW_SIZES } from "../../../../domain/storefront/catalog-admin-schema";
import {
  calculateBlindsPrice,
  calculateTrackPrice,
  calculateZebraPrice,
  type InstallationTier,
} from "../../../../domain/storefront/pricing";
import {
  CatalogField,
  FormAnswer,
  SaveWithAnswer,
  typedCents,
  useAmountField,
  useCatalogForm,
} from "./catalog-fields";
import { PricePreview, previewRows } from "./catalog-preview";
import type {
  CatalogCollection,
  CatalogColor,
  CatalogFabric,
  CatalogInstallationPrices,
  CatalogProduct,
  CatalogService,
} from "./catalog-types";

const NO_OPTIONS = {
  controlUpchargeCents: { cordless: 0, "continuous-cord": 0, motorized: 0 },
  motorUpchargeCents: { smartHome: 0, batteryWand: 0 },
};

/** A zebra shade of the collection, cordless, no installation, at each preview size. */
function zebraCents(base: CatalogProduct, upchargeCents: number, width: number, height: number) {
  const rates = {
    rateCentsPerSqFt: amountToCents(base.ratePerSqFt),
    minimumCents: amountToCents(base.minimumPrice),
    collections: [{ slug: "preview", upchargeCentsPerSqFt: upchargeCents }],
    installationTiers: [],
    ...NO_OPTIONS,
  };
  return calculateZebraPrice(rates, {
    width,
    height,
    fabricCollection: "preview",
    controlType: "cordless",
    motorOptions: { remote: true, smartHome: false, batteryWand: false },
    includeInstallation: false,
  }).totalCents;
}

export function CollectionForm({
  collection,
  zebra,
}: {
  collection: CatalogCollection;
  zebra: CatalogProduct | undefined;
}) {
  const form = useCatalogForm("collection");
  const rate = useAmountField(collection.ratePerSqFt);
  return (
    <section aria-labelledby={`collection-${collection.slug}`} className="card space-y-3">
      <h3 id={`collection-${collection.slug}`} className="text-lg font-semibold">
        {collection.name}
      </h3>
      <form.fetcher.Form {...form.formProps} method="post" className="space-y-3">
        <input type="hidden" name="intent" value="collection" />
        <input type="hidden" name="slug" value={collection.slug} />
        <CatalogField
          label="Fabric upcharge per sq ft"
          name="ratePerSqFt"
          kind="money"
          {...rate.field}
          required
          error={form.fieldError("ratePerSqFt")}
        />
        {zebra ? (
          <PricePreview
            caption="Zebra shade, cordless, without installation"
            rows={previewRows(PREVIEW_SIZES, rate.savedCents, rate.typedCents, (upcharge, w, h) =>
              zebraCents(zebra, upcharge, w, h),
            )}
          />
        ) : null}
        <SaveWithAnswer form={form} label={`Save ${collection.name}`} />
      </form.fetcher.Form>
      <h4 className="font-semibold">Fabrics</h4>
      <ul className="space-y-3">
        {collection.fabrics.map((f) => (
          <li key={f.slug}>
            <FabricForm fabric={f} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function FabricForm({ fabric }: { fabric: CatalogFabric }) {
  const form = useCatalogForm("fabric");
  return (
    <form.fetcher.Form
      {...form.formProps}
      method="post"
      className="grid items-end gap-2 rounded-md border border-line p-3 sm:grid-cols-[1fr_auto_auto]"
    >
      <input type="hidden" name="intent" value="fabric" />
      <input type="hidden" name="slug" value={fabric.slug} />
      <CatalogField
        label={`Fabric ${fabric.code} name`}
        name="name"
        defaultValue={fabric.name}
        maxLength={80}
        required
        error={form.fieldError("name")}
      />
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" name="active" defaultChecked={fabric.active} className="size-5" />
        On sale
      </label>
      <button
        type="submit"
        className="btn-secondary"
        disabled={form.busy}
        aria-label={`Save fabric ${fabric.code}`}
      >
        Save
      </button>
      <div className="sm:col-span-3">
        <FormAnswer result={form.result} />
      </div>
    </form.fetcher.Form>
  );
}

function tiersOf(p: { upTo60: number | null; upTo96: number | null; over96: number | null }) {
  if (p.upTo60 === null || p.upTo96 === null || p.over96 === null) return null;
  const tiers: InstallationTier[] = [
    { maxWidthInches: 60, cents: p.upTo60 },
    { maxWidthInches: 96, cents: p.upTo96 },
    { maxWidthInches: null, cents: p.over96 },
  ];
  return tiers;
}

const INSTALL_PREVIEW = [...PREVIEW_SIZES, { width: 108, height: 84 }];

export function InstallationForm({
  prices,
  vinyl,
}: {
  prices: CatalogInstallationPrices;
  vinyl: CatalogProduct | undefined;
}) {
  const form = useCatalogForm("installation");
  const [typed, setTyped] = useState({
    upTo60: prices.upTo60.toFixed(2),
    upTo96: prices.upTo96.toFixed(2),
    over96: prices.over96.toFixed(2),
  });
  const savedTiers = tiersOf({
    upTo60: amountToCents(prices.upTo60),
    upTo96: amountToCents(prices.upTo96),
    over96: amountToCents(prices.over96),
  });
  const typedTiers = tiersOf({
    upTo60: typedCents(typed.upTo60),
    upTo96: typedCents(typed.upTo96),
    over96: typedCents(typed.over96),
  });
  const installed = (tiers: InstallationTier[], width: number, height: number) =>
    vinyl
      ? calculateBlindsPrice(
          {
            rateCentsPerSqFt: amountToCents(vinyl.ratePerSqFt),
            minimumCents: amountToCents(vinyl.minimumPrice),
            installationTiers: tiers,
          },
          width,
          height,
          true,
        ).totalCents
      : 0;
  const field = (name: keyof typeof typed, label: string) => (
    <CatalogField
      label={label}
      name={name}
      kind="money"
      value={typed[name]}
      onChange={(v) => setTyped((t) => ({ ...t, [name]: v }))}
      required
      error={form.fieldError(name)}
    />
  );
  return (
    <form.fetcher.Form {...form.formProps} method="post" className="card grid gap-4 lg:grid-cols-2">
      <input type="hidden" name="intent" value="installation" />
      <div className="space-y-3">
        <p className="text-sm text-muted">Per unit, by the width of the window.</p>
        {field("upTo60", "Up to 60 in wide")}
        {field("upTo96", "Over 60 and up to 96 in wide")}
        {field("over96", "Over 96 in wide")}
      </div>
      <div className="space-y-3">
        {vinyl && savedTiers ? (
          <PricePreview
            caption={`${vinyl.name}, installed`}
            rows={previewRows(INSTALL_PREVIEW, savedTiers, typedTiers, installed)}
          />
        ) : null}
        <SaveWithAnswer form={form} label="Save installation prices" />
      </div>
    </form.fetcher.Form>
  );
}

const TRACK_WIDTHS = [36, 72, 96];

export function ServiceForm({ service }: { service: CatalogService }) {
  const form = useCatalogForm("service");
  const rate = useAmountField(service.pricePerInch, 0.01);
  return (
    <form.fetcher.Form {...form.formProps} method="post" className="card grid gap-4 lg:grid-cols-2">
      <input type="hidden" name="intent" value="service" />
      <input type="hidden" name="id" value={service.id} />
      <CatalogField
        label={`${service.name}, price per inch of width (installed)`}
        name="pricePerInch"
        kind="money"
        {...rate.field}
        required
        error={form.fieldError("pricePerInch")}
      />
      <div className="space-y-3">
        <PricePreview
          caption={`${service.name}, installed`}
          rows={TRACK_WIDTHS.map((width) => ({
            label: `${width}″ wide`,
            before: calculateTrackPrice(width, rate.savedCents).totalCents,
            after:
              rate.typedCents === null
                ? null
                : calculateTrackPrice(width, rate.typedCents).totalCents,
          }))}
        />
        <SaveWithAnswer form={form} label={`Save ${service.name}`} />
      </div>
    </form.fetcher.Form>
  );
}

export function ColorForm({ color }: { color: CatalogColor }) {
  const form = useCatalogForm("color");
  const [hex, setHex] = useState(color.hex);
  return (
    <form.fetcher.Form
      {...form.formProps}
      method="post"
      className="grid items-end gap-2 rounded-md border border-line bg-white p-3 sm:grid-cols-[auto_1fr_1fr_auto]"
    >
      <input type="hidden" name="intent" value="color" />
      <input type="hidden" name="key" value={color.key} />
      <span
        aria-hidden="true"
        className="mb-2 inline-block size-8 rounded-full border border-line"
        style={{ backgroundColor: /^#[0-9A-Fa-f]{6}$/.test(hex) ? hex : color.hex }}
      />
      <CatalogField
        label={`Name of ${color.key}`}
        name="name"
        defaultValue={color.name}
        maxLength={40}
        required
        error={form.fieldError("name")}
      />
      <CatalogField
        label={`Hex of ${color.key}`}
        name="hex"
        kind="hex"
        value={hex}
        onChange={setHex}
        maxLength={7}
        required
        error={form.fieldError("hex")}
      />
      <button
        type="submit"
        className="btn-secondary"
        disabled={form.busy}
        aria-label={`Save color ${color.key}`}
      >
        Save
      </button>
      <div className="sm:col-span-4">
        <FormAnswer result={form.result} />
      </div>
    </form.fetcher.Form>
  );
}

export function AddColorForm() {
  const form = useCatalogForm("add-color");
  return (
    <form.fetcher.Form
      {...form.formProps}
      method="post"
      className="card grid items-end gap-3 sm:grid-cols-[1fr_1fr_1fr_auto]"
    >
      <input type="hidden" name="intent" value="add-color" />
      <CatalogField
        label="Key"
        name="key"
        kind="key"
        maxLength={40}
        required
        hint="Lowercase, e.g. sea-blue"
        error={form.fieldError("key")}
      />
      <CatalogField
        label="Name"
        name="name"
        maxLength={40}
        required
        error={form.fieldError("name")}
      />
      <CatalogField
        label="Hex"
        name="hex"
        kind="hex"
        maxLength={7}
        required
        hint="e.g. #3A6EA5"
        error={form.fieldError("hex")}
      />
      <button type="submit" className="btn-primary" disabled={form.busy}>
        Add color
      </button>
      <div className="sm:col-span-4">
        <FormAnswer result={form.result} />
      </div>
    </form.fetcher.Form>
  );
}
