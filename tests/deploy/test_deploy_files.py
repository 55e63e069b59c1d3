"""The deploy/ files parse, validate against minimal schemas of what their
consumers need (Kubernetes, compose, Envoy), and agree with each other and
with the judge: settings they name exist, ports and names line up, probes
ask the gRPC health service for the judge's service."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from judge.server.interceptors import SERVICE_NAME
from tests.deploy.files import (
    DEPLOY,
    K8S,
    STORAGE_SETTINGS,
    cli_settings,
    dockerfile,
    final_stage,
    known_settings,
    port_of,
    yaml_documents,
)
from tests.support.judge_process import ROOT

# --------------------------------------------------------------------------- minimal schemas

NAME = {"type": "string", "pattern": "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$", "maxLength": 63}
METADATA = {"type": "object", "required": ["name"], "properties": {"name": NAME}}
ENV_VAR = {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"},
           "value": {"type": "string"}, "valueFrom": {"type": "object"}}}
GRPC_PROBE = {
    "type": "object", "required": ["grpc"],
    "properties": {"grpc": {"type": "object", "required": ["port"], "properties": {
        "port": {"type": "integer"}, "service": {"type": "string"}}, "additionalProperties": False}},
}
CONTAINER = {
    "type": "object", "required": ["name", "image"],
    "properties": {
        "name": NAME, "image": {"type": "string"},
        "args": {"type": "array", "items": {"type": "string"}},
        "command": {"type": "array", "items": {"type": "string"}},
        "env": {"type": "array", "items": ENV_VAR},
        "ports": {"type": "array", "items": {"type": "object", "required": ["containerPort"], "properties": {
            "containerPort": {"type": "integer"}, "name": {"type": "string", "maxLength": 15}}}},
        "securityContext": {"type": "object", "properties": {
            "allowPrivilegeEscalation": {"const": False}, "readOnlyRootFilesystem": {"type": "boolean"}}},
    },
}
POD_SPEC = {
    "type": "object", "required": ["containers"],
    "properties": {
        "containers": {"type": "array", "minItems": 1, "items": CONTAINER},
        "initContainers": {"type": "array", "items": CONTAINER},
        "securityContext": {"type": "object", "required": ["runAsNonRoot", "runAsUser"], "properties": {
            "runAsNonRoot": {"const": True}, "runAsUser": {"type": "integer", "minimum": 1}}},
        "volumes": {"type": "array", "items": {"type": "object", "required": ["name"]}},
    },
}
PROBED_CONTAINER = {
    **CONTAINER, "required": ["name", "image", "livenessProbe", "readinessProbe"],
    "properties": {**CONTAINER["properties"], "livenessProbe": GRPC_PROBE, "readinessProbe": GRPC_PROBE,
                   "startupProbe": GRPC_PROBE},
}


def pod_template(spec: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "required": ["spec"], "properties": {
        "metadata": {"type": "object", "properties": {"labels": {"type": "object"}}}, "spec": spec}}


def top_level(api_version: str, spec: dict[str, Any] | None = None) -> dict[str, Any]:
    properties: dict[str, Any] = {"apiVersion": {"const": api_version}, "metadata": METADATA}
    if spec is not None:
        properties["spec"] = spec
    return {"required": ["apiVersion", "kind", "metadata"] + (["spec"] if spec else []), "properties": properties}


DEPLOYMENT_POD = {**POD_SPEC, "properties": {
    **POD_SPEC["properties"], "containers": {"type": "array", "minItems": 1, "items": PROBED_CONTAINER}}}
JOB_POD = {**POD_SPEC, "required": ["containers", "restartPolicy"], "properties": {
    **POD_SPEC["properties"], "restartPolicy": {"enum": ["OnFailure", "Never"]}}}
SCHEMAS: dict[str, dict[str, Any]] = {
    "Namespace": top_level("v1"),
    "ConfigMap": {**top_level("v1"), "required": ["apiVersion", "kind", "metadata", "data"], "properties": {
        **top_level("v1")["properties"], "data": {"type": "object", "additionalProperties": {"type": "string"}}}},
    "Service": top_level("v1", {"type": "object", "required": ["selector", "ports"], "properties": {
        "ports": {"type": "array", "minItems": 1, "items": {
            "type": "object", "required": ["port", "targetPort", "name"]}}}}),
    "Deployment": top_level("apps/v1", {"type": "object", "required": ["replicas", "selector", "template"],
                                        "properties": {
        "replicas": {"type": "integer", "minimum": 2},
        "selector": {"type": "object", "required": ["matchLabels"]},
        "template": pod_template(DEPLOYMENT_POD)}}),
    "Job": top_level("batch/v1", {"type": "object", "required": ["template"], "properties": {
        "template": pod_template(JOB_POD)}}),
}
KUSTOMIZATION = {
    "type": "object", "required": ["apiVersion", "kind", "resources"],
    "properties": {"kind": {"const": "Kustomization"}, "resources": {"type": "array", "items": {"type": "string"}},
                   "secretGenerator": {"type": "array", "items": {"type": "object", "required": ["name"]}}},
}
COMPOSE = {
    "type": "object", "required": ["services"],
    "properties": {"services": {"type": "object", "additionalProperties": {
        "type": "object", "anyOf": [{"required": ["image"]}, {"required": ["build"]}],
        "properties": {
            "command": {"type": "array", "items": {"type": "string"}},
            "entrypoint": {"type": "array", "items": {"type": "string"}},
            "environment": {"type": "object", "additionalProperties": {"type": "string"}},
            "depends_on": {"type": ["array", "object"]},
        }}}},
}
SOCKET = {"type": "object", "required": ["socket_address"], "properties": {"socket_address": {
    "type": "object", "required": ["address", "port_value"], "properties": {"port_value": {"type": "integer"}}}}}
ENVOY = {
    "type": "object", "required": ["static_resources"],
    "properties": {"static_resources": {"type": "object", "required": ["listeners", "clusters"], "properties": {
        "listeners": {"type": "array", "minItems": 1, "items": {
            "type": "object", "required": ["name", "address", "filter_chains"], "properties": {"address": SOCKET}}},
        "clusters": {"type": "array", "minItems": 1, "items": {
            "type": "object", "required": ["name", "type", "load_assignment", "health_checks",
                                           "typed_extension_protocol_options"]}},
    }}},
}


def valid(schema: dict[str, Any], document: Any) -> None:
    Draft202012Validator.check_schema(schema)
    errors = sorted(Draft202012Validator(schema).iter_errors(document), key=str)
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors)


# --------------------------------------------------------------------------- Kubernetes


def manifests() -> dict[tuple[str, str], dict[str, Any]]:
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    found = {}
    for resource in kustomization["resources"]:
        for doc in yaml_documents(K8S / resource):
            found[(doc["kind"], doc["metadata"]["name"])] = doc
    return found


def secret_keys() -> tuple[str, set[str]]:
    """The generated Secret's name and keys."""
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    [generator] = kustomization["secretGenerator"]
    return generator["name"], {entry.partition("=")[0] for entry in generator["files"]}


def test_every_manifest_validates_and_kustomize_lists_them_all() -> None:
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    valid(KUSTOMIZATION, kustomization)
    listed = set(kustomization["resources"])
    assert listed == {p.name for p in K8S.glob("*.yaml")} - {"kustomization.yaml"}
    kinds = set()
    for doc in manifests().values():
        valid({"type": "object", **SCHEMAS[doc["kind"]]}, doc)
        kinds.add(doc["kind"])
    assert {"Deployment", "Service", "ConfigMap", "Job"} <= kinds


def test_the_deployment_probes_the_grpc_health_service_and_runs_unprivileged() -> None:
    deployment = manifests()[("Deployment", "judge")]
    pod = deployment["spec"]["template"]
    assert deployment["spec"]["selector"]["matchLabels"].items() <= pod["metadata"]["labels"].items()
    [judge] = pod["spec"]["containers"]
    assert judge["args"] == ["serve"]
    ports = {p["name"]: p["containerPort"] for p in judge["ports"]}
    config = manifests()[("ConfigMap", "judge-config")]["data"]
    assert ports["grpc"] == port_of(config["JUDGE_LISTEN"])
    assert ports["metrics"] == port_of(config["JUDGE_METRICS_LISTEN"])
    assert judge["livenessProbe"]["grpc"] == {"port": ports["grpc"]}
    assert judge["readinessProbe"]["grpc"] == {"port": ports["grpc"], "service": SERVICE_NAME}
    assert pod["metadata"]["annotations"]["prometheus.io/port"] == str(ports["metrics"])
    assert pod["spec"]["securityContext"]["runAsUser"] != 0


def test_the_deployment_reads_settings_and_secrets_that_exist() -> None:
    found = manifests()
    pod = found[("Deployment", "judge")]["spec"]["template"]["spec"]
    [judge] = pod["containers"]
    secret, keys = secret_keys()
    [source] = judge["envFrom"]
    config = found[("ConfigMap", source["configMapRef"]["name"])]["data"]
    assert set(config) <= known_settings()
    for var in judge["env"] + found[("Job", "judge-migrate")]["spec"]["template"]["spec"]["containers"][0]["env"]:
        assert var["name"] in known_settings()
        ref = var.get("valueFrom", {}).get("secretKeyRef")
        if ref:
            assert ref["name"] == secret and ref["key"] in keys
    volumes = {v["name"]: v for v in pod["volumes"]}
    for container in pod["containers"] + pod["initContainers"]:
        for mount in container["volumeMounts"]:
            assert mount["name"] in volumes
    assert volumes["secrets"]["secret"]["secretName"] == secret
    # The init container makes the private copies the judge is told to read.
    [init] = pod["initContainers"]
    script = init["command"][-1]
    mounted = {m["name"]: m["mountPath"] for m in init["volumeMounts"]}
    for setting, key in (("JUDGE_SERVER_KEY_FILE", "signing-key.pem"), ("JUDGE_ADMIN_TOKEN_FILE", "admin-token")):
        assert key in keys
        assert f"install -m 0600 {mounted['secrets']}/{key} {config[setting]}" in script
        assert Path(config[setting]).parent == Path(mounted["private"])


def test_the_services_select_the_pods_and_name_their_ports() -> None:
    found = manifests()
    pod = found[("Deployment", "judge")]["spec"]["template"]
    port_names = {p["name"] for p in pod["spec"]["containers"][0]["ports"]}
    services = [doc for (kind, _), doc in found.items() if kind == "Service"]
    assert {s["metadata"]["name"] for s in services} == {"judge", "judge-headless"}
    for service in services:
        assert service["spec"]["selector"].items() <= pod["metadata"]["labels"].items()
        for port in service["spec"]["ports"]:
            assert port["targetPort"] in port_names
    [headless] = [s for s in services if s["metadata"]["name"] == "judge-headless"]
    assert headless["spec"]["clusterIP"] == "None"


def test_the_migration_job_runs_judge_migrate() -> None:
    job = manifests()[("Job", "judge-migrate")]
    [container] = job["spec"]["template"]["spec"]["containers"]
    assert container["args"] == ["migrate"]
    assert "JUDGE_DATABASE_URL" in {v["name"] for v in container["env"]}


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl is not installed")
def test_kustomize_renders_the_manifests_with_the_generated_secret(tmp_path: Path) -> None:
    copy = tmp_path / "k8s"
    shutil.copytree(K8S, copy)
    (copy / "secrets").mkdir()
    for key in secret_keys()[1]:
        (copy / "secrets" / key).write_text(f"placeholder for {key}")
    result = subprocess.run(["kubectl", "kustomize", str(copy)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    rendered = list(yaml.safe_load_all(result.stdout))
    [secret] = [d for d in rendered if d["kind"] == "Secret"]
    name = secret["metadata"]["name"]
    assert name.startswith("judge-secrets-")  # a new name for every change: pods restart with it
    [deployment] = [d for d in rendered if d["kind"] == "Deployment"]
    volumes = {v["name"]: v for v in deployment["spec"]["template"]["spec"]["volumes"]}
    assert volumes["secrets"]["secret"]["secretName"] == name
    assert all(d["metadata"].get("namespace") == "judge" for d in rendered if d["kind"] != "Namespace")


# --------------------------------------------------------------------------- compose and Envoy


def compose() -> dict[str, Any]:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def test_the_compose_file_runs_postgres_a_migration_two_judges_and_envoy() -> None:
    doc = compose()
    valid(COMPOSE, doc)
    services = doc["services"]
    assert {"postgres", "migrate", "judge-1", "judge-2", "envoy"} <= set(services)
    assert services["migrate"]["command"] == ["migrate"]
    assert services["migrate"]["depends_on"]["postgres"]["condition"] == "service_healthy"
    instructions = dockerfile()
    entrypoint = [i for i in final_stage(instructions) if i.keyword == "ENTRYPOINT"][-1].exec_form()
    assert entrypoint == ["judge"]
    for name in ("migrate", "judge-1", "judge-2"):
        service = services[name]
        assert service["image"] == services["migrate"]["image"]
        assert (ROOT / service["build"]["dockerfile"]).resolve() == DEPLOY / "Dockerfile"
        assert (DEPLOY / service["build"]["context"]).resolve() == ROOT
        assert set(service["environment"]) <= known_settings()
    for name in ("judge-1", "judge-2"):
        judge = services[name]
        assert judge["command"] == ["serve"]
        assert judge["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
        url = judge["environment"]["JUDGE_DATABASE_URL"]
        assert url.startswith("postgresql://") and "@postgres:5432/" in url
        assert url.rsplit("/", 1)[1] == services["postgres"]["environment"]["POSTGRES_DB"]
        assert judge["environment"]["JUDGE_STARTUP_CHECK"] == "quick"
    assert services["envoy"]["volumes"] == ["./envoy.yaml:/etc/envoy/envoy.yaml:ro"]


def test_envoy_balances_grpc_over_the_compose_judges_by_their_health() -> None:
    config = yaml.safe_load((DEPLOY / "envoy.yaml").read_text())
    valid(ENVOY, config)
    [listener] = config["static_resources"]["listeners"]
    [chain] = listener["filter_chains"]
    [manager] = chain["filters"]
    assert manager["name"] == "envoy.filters.network.http_connection_manager"
    hcm = manager["typed_config"]
    assert hcm["@type"].endswith("http_connection_manager.v3.HttpConnectionManager")
    assert hcm["stream_idle_timeout"] == "0s"  # Watch streams may be quiet for long
    [host] = hcm["route_config"]["virtual_hosts"]
    [route] = host["routes"]
    assert route["match"]["grpc"] == {} and route["route"]["timeout"] == "0s"
    assert [f["name"] for f in hcm["http_filters"]][-1] == "envoy.filters.http.router"

    [cluster] = config["static_resources"]["clusters"]
    assert route["route"]["cluster"] == cluster["name"]
    options = cluster["typed_extension_protocol_options"]["envoy.extensions.upstreams.http.v3.HttpProtocolOptions"]
    assert "http2_protocol_options" in options["explicit_http_config"]  # gRPC needs HTTP/2 upstream
    [health] = cluster["health_checks"]
    assert health["grpc_health_check"]["service_name"] == SERVICE_NAME
    services = compose()["services"]
    endpoints = {(e["endpoint"]["address"]["socket_address"]["address"],
                  e["endpoint"]["address"]["socket_address"]["port_value"])
                 for group in cluster["load_assignment"]["endpoints"] for e in group["lb_endpoints"]}
    assert endpoints == {(name, port_of(services[name]["environment"]["JUDGE_LISTEN"]))
                         for name in ("judge-1", "judge-2")}
    [published] = services["envoy"]["ports"]
    assert published.rpartition(":")[2] == str(listener["address"]["socket_address"]["port_value"])


# --------------------------------------------------------------------------- the image and the storage settings


def test_the_image_is_slim_unprivileged_and_health_checked() -> None:
    instructions = dockerfile()
    bases = [i.args for i in instructions if i.keyword == "FROM"]
    assert bases and all(base.split()[0].startswith("python:3.") and "-slim" in base for base in bases)
    final = final_stage(instructions)
    [user] = [i.args for i in final if i.keyword == "USER"]
    assert user.split(":")[0] not in ("0", "root")
    for copy in (i for i in instructions if i.keyword == "COPY" and not i.args.startswith("--from")):
        for source in copy.args.split()[:-1]:
            assert (ROOT / source).exists(), source
    env = {k: v for i in final if i.keyword == "ENV" for k, v in i.pairs().items()}
    assert {k for k in env if k.startswith("JUDGE_")} <= known_settings()
    [health] = [i for i in final if i.keyword == "HEALTHCHECK"]
    probe = health.exec_form()
    assert probe[:2] == ["judge", "health"]
    assert port_of(probe[probe.index("--target") + 1]) == port_of(env["JUDGE_LISTEN"])
    [exposed] = [i.args.split() for i in final if i.keyword == "EXPOSE"]
    assert {str(port_of(env["JUDGE_LISTEN"])), str(port_of(env["JUDGE_METRICS_LISTEN"]))} == set(exposed)
    ignore = (DEPLOY / "Dockerfile.dockerignore").read_text().split()
    assert ".venv" in ignore and "deploy/secrets" in ignore


def test_secret_folders_are_never_committed() -> None:
    ignored = subprocess.run(["git", "check-ignore", "deploy/secrets/admin-token", "deploy/k8s/secrets/admin-token"],
                             cwd=ROOT, capture_output=True, text=True)
    assert ignored.stdout.split() == ["deploy/secrets/admin-token", "deploy/k8s/secrets/admin-token"]


def test_the_storage_settings_the_deploy_files_use_are_the_judges() -> None:
    settings = cli_settings()
    if "migrate" not in settings:
        pytest.skip("this build has no PostgreSQL storage (judge migrate)")
    assert STORAGE_SETTINGS <= settings["serve"]
    assert STORAGE_SETTINGS <= settings["migrate"]
    assert "check" in settings


def test_the_image_tag_is_the_projects_version_everywhere() -> None:
    """compose, kustomize and the README's build command name the image of this version."""
    from importlib.metadata import version

    tag = f"judge:{version('judge')}"
    services = compose()["services"]
    assert {services[name]["image"] for name in ("migrate", "judge-1", "judge-2")} == {tag}
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    [image] = kustomization["images"]
    assert f"{image['name']}:{image['newTag']}" == tag
    assert f"docker build -f deploy/Dockerfile -t {tag} ." in (DEPLOY / "README.md").read_text()
    assert f"-t {tag} ." in (DEPLOY / "Dockerfile").read_text()


def test_prometheus_scrapes_every_compose_judge_at_its_metrics_port() -> None:
    services = compose()["services"]
    config = yaml.safe_load((DEPLOY / "prometheus.yml").read_text())
    [job] = config["scrape_configs"]
    assert job["metrics_path"] == "/metrics"
    [static] = job["static_configs"]
    judges = [name for name, service in services.items() if service.get("command") == ["serve"]]
    assert sorted(static["targets"]) == sorted(
        f"{name}:{port_of(services[name]['environment']['JUDGE_METRICS_LISTEN'])}" for name in judges)
    assert services["prometheus"]["volumes"] == ["./prometheus.yml:/etc/prometheus/prometheus.yml:ro"]
