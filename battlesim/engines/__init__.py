"""Pure-Python game engines. Nothing under this package imports Django or Celery.

Some modules may also run compiled (``compiled.py``): the same sources built by mypyc,
loaded only while every source file of the build is unchanged.
"""

from battlesim.engines.compiled import install

install()
