/** Saved projects and their items. A project is found by its token only. */
import type { StoredConfiguration } from "../../../../domain/shared/schemas";
import { type Db, toNumber } from "../../database";
import type { ProjectItemRow, ProjectRow } from "../../types";
import { parseItemConfiguration } from "../stored-item";

export type ProjectItemColumns = Omit<ProjectItemRow, "id" | "project_id" | "position">;

/** A saved item with its configuration parsed once (null when it no longer parses). */
export interface ProjectItemRecord extends ProjectItemRow {
  config: StoredConfiguration | null;
}

export interface ProjectRecord {
  id: number;
  token: string;
  name: string;
  email: string | null;
  createdAt: string;
  items: ProjectItemRecord[];
}

export async function insertProject(
  db: Db,
  project: Omit<ProjectRow, "id">,
  items: readonly ProjectItemColumns[],
): Promise<number> {
  const { id } = await db
    .insertInto("projects")
    .values(project)
    .returning("id")
    .executeTakeFirstOrThrow();
  const projectId = toNumber(id);
  await db
    .insertInto("project_items")
    .values(items.map((item, position) => ({ ...item, project_id: projectId, position })))
    .execute();
  return projectId;
}

export async function findProjectByToken(db: Db, token: string): Promise<ProjectRecord | null> {
  const project = await db
    .selectFrom("projects")
    .selectAll()
    .where("token", "=", token)
    .executeTakeFirst();
  if (!project) return null;
  const rows = await db
    .selectFrom("project_items")
    .selectAll()
    .where("project_id", "=", project.id)
    .orderBy("position")
    .execute();
  return {
    id: toNumber(project.id),
    token: project.token,
    name: project.name,
    email: project.email,
    createdAt: project.created_at,
    items: rows.map(normalizeItem),
  };
}

/** The projects saved under an email, newest first. */
export async function listProjectsForEmail(
  db: Db,
  email: string,
): Promise<{ name: string; token: string; createdAt: string }[]> {
  const rows = await db
    .selectFrom("projects")
    .select(["name", "token", "created_at"])
    .where("email", "=", email.toLowerCase())
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({ name: r.name, token: r.token, createdAt: r.created_at }));
}

/** pg answers some integers as strings: the one row mapper. */
function normalizeItem(row: ProjectItemRow): ProjectItemRecord {
  return Object.assign({}, row, {
    id: toNumber(row.id),
    project_id: toNumber(row.project_id),
    product_id: row.product_id === null ? null : toNumber(row.product_id),
    service_id: row.service_id === null ? null : toNumber(row.service_id),
    saved_unit_price_cents: toNumber(row.saved_unit_price_cents),
    quantity: toNumber(row.quantity),
    config: parseItemConfiguration(row),
  });
}
