/**
 * Which node's address a client is given for a meeting: this node's own (PUBLIC_URL, or how the
 * request reached it), or, with several nodes, the node holding the meeting.
 */
import type { FastifyRequest } from 'fastify';
import { nodeUrl } from './cluster-nodes.js';

/** The address clients use for this node: PUBLIC_URL, or how the request reached us. */
export function mediaServerUrl(request: FastifyRequest): string {
  const configured = request.server.config.publicUrl;
  if (configured) return configured.replace(/\/$/, '');
  return `${request.protocol}://${request.host}`;
}

/**
 * The media node holding a meeting (placing it when it has none, or its node died); this node
 * when it is alone, or when no meeting has that number.
 */
export async function mediaServerOf(
  request: FastifyRequest,
  conferenceId: string,
): Promise<string> {
  const { cluster, conferences } = request.server;
  const row = cluster && (await conferences.byNumber(conferenceId));
  if (!row) return mediaServerUrl(request);
  // Asked by a member whose connection to the meeting dropped: is its node still there?
  await cluster.nodes.checkPlacement(row.id, (node) => nodeUrl(node, request));
  return (await mediaNodeOf(request, row.id)).mediaServer;
}

/** The media node for a meeting's row, and its id ('local' when this node is alone). */
export async function mediaNodeOf(
  request: FastifyRequest,
  conferenceRowId: number,
): Promise<{ mediaServer: string; mediaNode: string }> {
  const { cluster } = request.server;
  if (!cluster) return { mediaServer: mediaServerUrl(request), mediaNode: 'local' };
  const node = await cluster.nodes.place(conferenceRowId);
  return { mediaServer: nodeUrl(node, request), mediaNode: node.id };
}
