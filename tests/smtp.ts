import net from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from?: string; to: string[]; raw: string };

/**
 * A real SMTP server on loopback that keeps what it receives. `text(i)` decodes a message's
 * quoted-printable body enough to read links and sentences in it. `refuse` names recipients it rejects.
 */
export async function startSmtpServer(opts: { refuse?: (recipient: string) => boolean } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // A recipient the server does not take: refused at RCPT TO with a 550 that names it, as real servers do.
    onRcptTo(address, _session, callback) {
      if (opts.refuse?.(address.address)) {
        const error = new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`);
        return callback(Object.assign(error, { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    /** The mails sent to an address, oldest first, with their bodies decoded. */
    to(address: string) {
      const wanted = address.toLowerCase();
      return received
        .filter((m) => m.to.some((to) => to.toLowerCase() === wanted))
        .map((m) => ({ ...m, body: decodeBody(m.raw) }));
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/** Undoes quoted-printable soft breaks and escapes (UTF-8), which is what nodemailer sends. */
export function decodeBody(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? joined.slice(i + 1, i + 3) : "";
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i], "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/**
 * A mail server that takes the connection and then says nothing (no greeting), as an overloaded or
 * half-dead one does: a client waits until its own time-outs. `close` ends the connections it holds.
 */
export async function startStallingSmtpServer() {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    /** How many connections it has taken so far. */
    connections: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
