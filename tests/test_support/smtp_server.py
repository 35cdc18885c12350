#!/usr/bin/python3
"""A real SMTP server on 127.0.0.1 for Cairn's tests, built on Debian's python3-aiosmtpd.

  smtp_server.py --mode plain|starttls|smtps --maildir DIR [--cert PEM --key PEM]
                 [--auth USER:PASSWORD]

plain offers no TLS; starttls offers STARTTLS; smtps speaks TLS from the first byte. With --auth
every mail needs a login (offered only over TLS). Each accepted mail is written to DIR as N.eml
(the message as received, dot-stuffing undone) and then N.json (envelope sender and recipients,
whether the connection was TLS, the login used), both by rename, so a reader that sees N.json
sees the whole mail. Prints "PORT <port>" on stdout once it accepts connections, and exits when
its stdin closes, so it never outlives the test that started it. Recipients at refused.example
are refused with 550.
"""
import argparse
import asyncio
import json
import os
import socket
import ssl
import sys

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


class MailWriter:
    def __init__(self, maildir):
        self.maildir = maildir
        self.count = 0

    def _write(self, name, data):
        temporary = os.path.join(self.maildir, "." + name + ".tmp")
        with open(temporary, "wb") as out:
            out.write(data)
        os.rename(temporary, os.path.join(self.maildir, name))

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.endswith("@refused.example"):
            return "550 5.1.1 <%s>: no such mailbox here" % address
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 Ok"

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        login = session.auth_data.login.decode() if isinstance(
            session.auth_data, LoginPassword) else None
        self._write("%d.eml" % self.count, envelope.original_content)
        facts = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "tls": server.transport.get_extra_info("ssl_object") is not None,
            "login": login,
        }
        self._write("%d.json" % self.count, json.dumps(facts).encode())
        return "250 2.0.0 Ok: queued"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", choices=["plain", "starttls", "smtps"], required=True)
    parser.add_argument("--maildir", required=True)
    parser.add_argument("--cert")
    parser.add_argument("--key")
    parser.add_argument("--auth")
    options = parser.parse_args()

    context = None
    if options.mode != "plain":
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(options.cert, options.key)

    def authenticate(server, session, envelope, mechanism, auth_data):
        user, _, password = options.auth.partition(":")
        ok = (isinstance(auth_data, LoginPassword) and auth_data.login == user.encode()
              and auth_data.password == password.encode())
        if not ok:
            return AuthResult(success=False, handled=False)
        return AuthResult(success=True, auth_data=auth_data)

    handler = MailWriter(options.maildir)

    def make_protocol():
        return SMTP(
            handler,
            hostname="cairn-test.localhost",
            tls_context=context if options.mode == "starttls" else None,
            auth_required=bool(options.auth),
            # Implicit TLS is TLS too, though aiosmtpd only counts STARTTLS; without --auth,
            # requiring TLS keeps AUTH from being offered on a plain connection at all.
            auth_require_tls=options.mode == "starttls" or not options.auth,
            authenticator=authenticate if options.auth else None,
            loop=loop,
        )

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    server = loop.run_until_complete(loop.create_server(
        make_protocol, sock=listener, ssl=context if options.mode == "smtps" else None))
    loop.add_reader(sys.stdin.fileno(), lambda: sys.stdin.buffer.read1(4096) or loop.stop())
    print("PORT %d" % listener.getsockname()[1], flush=True)
    try:
        loop.run_forever()
    finally:
        server.close()


if __name__ == "__main__":
    main()
