"""Optional TLS, and mutual TLS, with certificates the test makes itself."""

from __future__ import annotations

import datetime
import ipaddress
from pathlib import Path

import grpc
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from judge_client import JudgeClient, JudgeRpcError
from judge.server.main import TlsConfig
from tests.server.support import SAFETY_TIMEOUT_S
from tests.trust.conftest import trust_judge

SHORT_S = 10.0  # the failing handshakes end long before this


def _name(cn: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def _pem_key(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def make_ca(cn: str) -> tuple[ec.EllipticCurvePrivateKey, x509.Certificate]:
    key = ec.generate_private_key(ec.SECP256R1())
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(_name(cn)).issuer_name(_name(cn))
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    return key, cert


def issue(ca: tuple[ec.EllipticCurvePrivateKey, x509.Certificate], cn: str,
          server: bool) -> tuple[bytes, bytes]:
    ca_key, ca_cert = ca
    key = ec.generate_private_key(ec.SECP256R1())
    now = datetime.datetime.now(datetime.timezone.utc)
    builder = (x509.CertificateBuilder().subject_name(_name(cn)).issuer_name(ca_cert.subject)
               .public_key(key.public_key()).serial_number(x509.random_serial_number())
               .not_valid_before(now - datetime.timedelta(days=1))
               .not_valid_after(now + datetime.timedelta(days=1)))
    if server:
        builder = builder.add_extension(x509.SubjectAlternativeName(
            [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
    cert = builder.sign(ca_key, hashes.SHA256())
    return cert.public_bytes(serialization.Encoding.PEM), _pem_key(key)


@pytest.fixture(scope="module")
def pki() -> dict[str, bytes]:
    server_ca, client_ca, rogue_ca = make_ca("judge test CA"), make_ca("club CA"), make_ca("rogue CA")
    server_cert, server_key = issue(server_ca, "localhost", server=True)
    client_cert, client_key = issue(client_ca, "table app", server=False)
    rogue_cert, rogue_key = issue(rogue_ca, "rogue", server=False)
    pem = serialization.Encoding.PEM
    return {
        "ca": server_ca[1].public_bytes(pem), "client_ca": client_ca[1].public_bytes(pem),
        "other_ca": rogue_ca[1].public_bytes(pem),
        "server_cert": server_cert, "server_key": server_key,
        "client_cert": client_cert, "client_key": client_key,
        "rogue_cert": rogue_cert, "rogue_key": rogue_key,
    }


def _unavailable(client: JudgeClient) -> None:
    with pytest.raises(JudgeRpcError) as caught:
        client.create_game("munchkin", ["A:male", "B:female", "C:male"])
    assert caught.value.code == grpc.StatusCode.UNAVAILABLE


def test_tls_server(pki: dict[str, bytes], tmp_path: Path) -> None:
    with trust_judge(tmp_path / "tls.sqlite3", tls=TlsConfig(pki["server_cert"], pki["server_key"])) as judge:
        with JudgeClient(judge.target, tls_ca=pki["ca"], timeout=SAFETY_TIMEOUT_S) as client:
            game = client.create_game("munchkin", ["A:male", "B:female", "C:male"])
            anna = client.with_token(game.seat_tokens[0].token)
            assert anna.submit(game.game_id, 0, "kick_door", card="elf").version == 2
        # Plain text, or a CA that did not sign the server's certificate: no connection.
        with JudgeClient(judge.target, timeout=SHORT_S) as plain:
            _unavailable(plain)
        with JudgeClient(judge.target, tls_ca=pki["other_ca"], timeout=SHORT_S) as wrong:
            _unavailable(wrong)


def test_mutual_tls_server(pki: dict[str, bytes], tmp_path: Path) -> None:
    tls = TlsConfig(pki["server_cert"], pki["server_key"], client_ca=pki["client_ca"])
    with trust_judge(tmp_path / "mtls.sqlite3", tls=tls) as judge:
        with JudgeClient(judge.target, tls_ca=pki["ca"], tls_cert=pki["client_cert"],
                         tls_key=pki["client_key"], timeout=SAFETY_TIMEOUT_S) as client:
            assert client.create_game("munchkin", ["A:male", "B:female", "C:male"]).game_id
        with JudgeClient(judge.target, tls_ca=pki["ca"], timeout=SHORT_S) as anonymous:
            _unavailable(anonymous)
        with JudgeClient(judge.target, tls_ca=pki["ca"], tls_cert=pki["rogue_cert"],
                         tls_key=pki["rogue_key"], timeout=SHORT_S) as rogue:
            _unavailable(rogue)


def test_tls_files_are_read_by_the_command_line_server(pki: dict[str, bytes], tmp_path: Path) -> None:
    for name in ("server_cert", "server_key", "client_ca"):
        (tmp_path / name).write_bytes(pki[name])
    tls = TlsConfig.from_files(tmp_path / "server_cert", tmp_path / "server_key", tmp_path / "client_ca")
    assert tls.client_ca == pki["client_ca"] and tls.private_key == pki["server_key"]
